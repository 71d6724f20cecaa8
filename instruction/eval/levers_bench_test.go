package eval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
)

// BenchmarkEveryLever is the forge selection panel's work for the issue's
// figure: a roster of about 150 tools (the built-in catalog and GitHub:
// 151), 100 cases (train5), every roster lever flipped (each tool, the
// service, deferred mode), each flip evaluated once, one after another.
// The panel spreads the levers over the cores; this measures the total.
func BenchmarkEveryLever(b *testing.B) {
	c := universe(b)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "train5_cases.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	suite, err := eval.ParseSuite(raw)
	if err != nil {
		b.Fatal(err)
	}
	d := instruction.Draft{Declared: c.Entries(), Selected: map[string]bool{}, DeclaredServices: []string{"github"}, Connected: map[string]bool{"github": true}, Options: instruction.DefaultOptions()}
	for _, e := range d.Declared {
		d.Selected[e.ID()] = true
	}
	d.Options.Deferred = true
	var levers []instruction.Input
	for _, l := range d.LeverIDs() {
		if strings.HasPrefix(l, instruction.LeverTierPrefix) || l == instruction.LeverCompact {
			continue
		}
		f, err := d.Flip(l)
		if err != nil {
			continue
		}
		levers = append(levers, f.Input())
	}
	b.ReportMetric(float64(len(levers)), "levers")
	b.ReportMetric(float64(len(d.Declared)), "tools")
	b.ResetTimer()
	for b.Loop() {
		// as the panel does: the draft's fit index shared by its levers
		o := eval.Options{Fit: eval.FitIndex(d.Input())}
		eval.EvaluateWith(d.Input(), suite.Cases, suite.K, o)
		for _, in := range levers {
			eval.EvaluateWith(in, suite.Cases, suite.K, o)
		}
	}
}
