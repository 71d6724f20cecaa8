package fidelity

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// BenchmarkCheckCompositionCold is the check of a composition whose text
// units were never scanned (a new catalog generation, a new import): the
// memo emptied before each run, so every unit is tokenized and read for
// tools, code execution and capabilities.
//
//	go test ./instruction/fidelity -run XXX -bench CompositionCold
func BenchmarkCheckCompositionCold(b *testing.B) {
	full := catalogtest.Full(b)
	c, err := instruction.Compose(instruction.Input{Roster: full.Entries(), Services: []string{"github"},
		Options: instruction.Options{Tier: instruction.TierStandard, CatalogForm: catalog.FormCompact}})
	if err != nil {
		b.Fatal(err)
	}
	ch := ForComposition(full.Contracts())
	ch.CheckComposition(c)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch.mu.Lock()
		ch.memo = map[string][]mention{}
		ch.mu.Unlock()
		ch.CheckComposition(c)
	}
}
