package eval_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
)

// TestPanelReportsDump writes the forge panel's reports (every lever, train5,
// and ten levers evaluated one by one) as JSON to the file PANEL_DUMP
// names: run it on two commits and compare the files to prove a speed
// change evaluates exactly as before.
func TestPanelReportsDump(t *testing.T) {
	out := os.Getenv("PANEL_DUMP")
	if out == "" {
		t.Skip("PANEL_DUMP=file writes the reports")
	}
	c := universe(t)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "train5_cases.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	suite, err := eval.ParseSuite(raw)
	if err != nil {
		t.Fatal(err)
	}
	d := instruction.Draft{Declared: c.Entries(), Selected: map[string]bool{}, DeclaredServices: []string{"github"}, Connected: map[string]bool{"github": true}, Options: instruction.DefaultOptions()}
	for _, e := range d.Declared {
		d.Selected[e.ID()] = true
	}
	d.Options.Deferred = true
	o := eval.Options{Fit: eval.DraftFit(d)}
	_, jobs := eval.LeverJobs(d, o)
	jobs = append(jobs, eval.Job{In: d.Input(), Options: o})
	reps := eval.EvaluateAll(jobs, suite.Cases, suite.K)
	// and one-by-one, the unshared path
	for _, j := range jobs[:10] {
		reps = append(reps, eval.EvaluateWith(j.In, suite.Cases, suite.K, j.Options))
	}
	b, _ := json.MarshalIndent(reps, "", " ")
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
