package fidelity

import (
	"math/rand/v2"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// BenchmarkCompositionScopeDistinct is the scope of a composition whose
// roster the checker has not met yet (the distinct compose load: every
// request a different subset of the tools): the scope cache is emptied
// before each check.
func BenchmarkCompositionScopeDistinct(b *testing.B) {
	full := catalogtest.Full(b)
	entries := full.Entries()
	rng := rand.New(rand.NewPCG(28, 7))
	var comps []instruction.Composition
	for range 32 {
		var roster []*catalog.Entry
		for _, e := range entries {
			if rng.IntN(2) == 0 {
				roster = append(roster, e)
			}
		}
		c, err := instruction.Compose(instruction.Input{Roster: roster, Services: []string{"github"},
			Options: instruction.Options{Tier: instruction.TierStandard, CatalogForm: catalog.FormCompact}})
		if err != nil {
			b.Fatal(err)
		}
		comps = append(comps, c)
	}
	ch := ForComposition(full.Contracts())
	for _, c := range comps {
		ch.compositionScope(c)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch.mu.Lock()
		ch.scopes = map[string]*Scope{}
		ch.mu.Unlock()
		ch.compositionScope(comps[i%len(comps)])
	}
}
