package fidelity_test

import (
	"math/rand/v2"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// BenchmarkCheckComposition is the forge's per-request check on the
// builtin catalog plus the GitHub fixture (memo warm, as between toggles),
// next to the signal linter it replaced:
//
//	go test ./instruction/fidelity -run XXX -bench Composition
func BenchmarkCheckComposition(b *testing.B) {
	full := catalogtest.Full(b)
	c := compose(b, instruction.Input{Roster: full.Entries(), Services: []string{"github"}, Options: instruction.Options{CatalogForm: catalog.FormCompact}})
	ch := fidelity.ForComposition(full.Contracts())
	ch.CheckComposition(c)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch.CheckComposition(c)
	}
}

func BenchmarkLintCompositionOld(b *testing.B) {
	full := catalogtest.Full(b)
	c := compose(b, instruction.Input{Roster: full.Entries(), Services: []string{"github"}, Options: instruction.Options{CatalogForm: catalog.FormCompact}})
	l := instruction.NewLinter(full.Contracts())
	l.LintComposition(c)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.LintComposition(c)
	}
}

// BenchmarkCheckCompositionDistinct is the check of distinct compose
// requests: each composition a different random subset of the builtin
// catalog plus the GitHub fixture (more sets than the scope memo holds,
// so most checks build their scope), its text units already read.
//
//	go test ./instruction/fidelity -run XXX -bench CompositionDistinct
func BenchmarkCheckCompositionDistinct(b *testing.B) {
	full := catalogtest.Full(b)
	entries := full.Entries()
	rng := rand.New(rand.NewPCG(1, 7))
	comps := make([]instruction.Composition, 600)
	for i := range comps {
		var roster []*catalog.Entry
		for _, e := range entries {
			if rng.IntN(8) == 0 {
				roster = append(roster, e)
			}
		}
		comps[i] = compose(b, instruction.Input{Roster: roster, Services: []string{"github"}, Options: instruction.Options{CatalogForm: catalog.FormCompact}})
	}
	ch := fidelity.ForComposition(full.Contracts())
	for _, c := range comps {
		ch.CheckComposition(c)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch.CheckComposition(comps[i%len(comps)])
	}
}
