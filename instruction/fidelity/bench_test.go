package fidelity_test

import (
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
