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
// "shared" is the panel's way (EvaluateAll, over the cores), "one-by-one"
// the old way (each lever evaluated alone, one after another), for the
// ratio in one run. "shared" also reports the process's CPU time per
// evaluation (cpu-ms/op, on unix systems): on a loaded machine the wall
// time mostly measures the others' load.
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
	o := eval.Options{Fit: eval.DraftFit(d)}
	_, jobs := eval.LeverJobs(d, o)
	jobs = append(jobs, eval.Job{In: d.Input(), Options: o})
	// warm, as the panel is on every flip after the first: the lexicon
	// loaded and the cases' readings kept (a cold first evaluation would
	// charge them to whichever few iterations a run makes)
	eval.EvaluateAll(jobs, suite.Cases, suite.K)
	// the panel's way: the draft and its levers in one shared evaluation
	b.Run("shared", func(b *testing.B) {
		cpu0, ok := processCPU()
		for b.Loop() {
			eval.EvaluateAll(jobs, suite.Cases, suite.K)
		}
		if cpu1, ok1 := processCPU(); ok && ok1 {
			b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
		}
	})
	// the old way, for the ratio: each lever evaluated alone, one after
	// another, the draft's fit shared
	b.Run("one-by-one", func(b *testing.B) {
		for b.Loop() {
			o := eval.Options{Fit: eval.DraftFit(d)}
			eval.EvaluateWith(d.Input(), suite.Cases, suite.K, o)
			for _, in := range levers {
				eval.EvaluateWith(in, suite.Cases, suite.K, o)
			}
		}
	})
}
