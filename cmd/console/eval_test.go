package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

const evalSuite = `k: 5
cases:
  - {task: "make a bar chart of revenue by quarter", expect: [render_chart], kind: misleading}
  - {task: "look up the latest news online", expect: [web_search]}
  - {task: "open a PR from my branch", expect: [github.create_pull_request]}
  - {task: "write me a haiku", expect: [], kind: no_tool}
`

// TestEvalCLIIsTheEvaluation: `console eval --json` prints exactly what
// eval.Evaluate gives for the same draft, in the JSON shape.
func TestEvalCLIIsTheEvaluation(t *testing.T) {
	dir := t.TempDir()
	db, file := filepath.Join(dir, "e.db"), filepath.Join(dir, "cases.yaml")
	mustMigrate(t, db) // read commands create no database
	os.WriteFile(file, []byte(evalSuite), 0o600)
	out, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--deferred", "--json")
	if err != nil {
		t.Fatal(err, out)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"cases", "recall_at_k", "top1_misleading", "first_step_share"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("JSON lacks %s", k)
		}
	}
	c0 := raw["cases"].([]any)[0].(map[string]any)
	for _, k := range []string{"task", "expect", "found", "rank", "first_step", "top1", "hits"} {
		if _, ok := c0[k]; !ok {
			t.Errorf("case JSON lacks %s", k)
		}
	}
	var got eval.Report
	json.Unmarshal([]byte(out), &got)

	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	snap, err := runtime.LoadSnapshot(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	d, _, err := runtime.BuildDraft(context.Background(), store, snap, runtime.Request{Agent: "analyst", Deferred: &yes})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := eval.ParseSuite([]byte(evalSuite))
	want := eval.Evaluate(d.Input(), s.Cases, 5)
	if got.RecallAtK != want.RecallAtK || got.Top1Misleading != want.Top1Misleading || got.FirstStepShare != want.FirstStepShare || len(got.Cases) != 4 {
		t.Fatalf("CLI %+v, library %+v", got, want)
	}
	// analyst has no GitHub: that case's tool is unreachable
	if tr := got.Cases[2].Tools[0]; tr.Where != eval.Unreachable || got.Cases[2].DiscoverySteps != -1 {
		t.Errorf("github case: %+v", tr)
	}
	if got.Cases[0].Tools[0].Where != eval.Search || !got.Cases[0].Top1 {
		t.Errorf("chart case: %+v", got.Cases[0])
	}

	text, err := runCLI(t, db, "eval", file, "--agent", "analyst")
	if err != nil || !strings.Contains(text, "render_chart: first step") || !strings.Contains(text, "recall@5 ") || !strings.Contains(text, "github.create_pull_request: unreachable") {
		t.Errorf("text report: %v\n%s", err, text)
	}
}

func TestEvalCLIErrorsNameTheField(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	mustMigrate(t, db) // read commands create no database
	good, bad := filepath.Join(dir, "good.yaml"), filepath.Join(dir, "bad.yaml")
	os.WriteFile(good, []byte(evalSuite), 0o600)
	os.WriteFile(bad, []byte("cases:\n  - {task: x, expect: [a], kind: odd}\n"), 0o600)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", bad}, "cases[0].kind"},
		{[]string{"eval", good, "--agent", "analyst", "--deferred", "--pins", "ghost"}, "--pins"},
		{[]string{"eval", good, "--k", "0"}, "--k"},
		{[]string{"eval", good, "--agent", "nobody"}, "agent"},
		{[]string{"eval"}, "usage"},
	} {
		_, err := runCLI(t, db, tc.args...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want exit 2 naming %s", tc.args, err, tc.want)
		}
	}
}

// TestEvalCLIMeasuresTheHiddenMisses: --json carries the no-tool,
// two-profile and refusal figures; a second profile's roster serves a
// two_profiles case, and a tool the subject's groups are not granted is a
// correct refusal, not a miss.
func TestEvalCLIMeasuresTheHiddenMisses(t *testing.T) {
	dir := t.TempDir()
	db, file := filepath.Join(dir, "e.db"), filepath.Join(dir, "cases.yaml")
	mustMigrate(t, db) // read commands create no database
	os.WriteFile(file, []byte(`cases:
  - {task: "pull the text out of the contract PDF, then chart the totals", expect: [extract_text, render_chart], kind: two_profiles}
  - {task: "run this python snippet in the sandbox", expect: [exec]}
  - {task: "what is the capital of Australia", expect: [], kind: no_tool}
`), 0o600)
	run := func(args ...string) eval.Report {
		t.Helper()
		out, err := runCLI(t, db, append([]string{"eval", file, "--agent", "analyst", "--deferred", "--json"}, args...)...)
		if err != nil {
			t.Fatal(err, out)
		}
		var r eval.Report
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	one := run()
	if one.Cases[0].Found || one.TwoProfilesRosters != 1 || one.TwoProfiles != 1 || one.Refused != 0 {
		t.Errorf("one profile, no subject: found %v rosters %d two_profiles %d refused %d", one.Cases[0].Found, one.TwoProfilesRosters, one.TwoProfiles, one.Refused)
	}
	if one.NoTool != 1 || one.NoToolFalsePositives != 0 || one.Cases[2].Fits {
		t.Errorf("no-tool case: %d no-tool, %d false positives, fits %v", one.NoTool, one.NoToolFalsePositives, one.Cases[2].Fits)
	}
	both := run("--second-profile", "document-analysis", "--subject-groups", "contractors")
	if tr := both.Cases[0].Tools[0]; !both.Cases[0].Found || tr.Roster != "second" || both.TwoProfilesRosters != 2 {
		t.Errorf("two profiles: found %v, %+v, rosters %d", both.Cases[0].Found, tr, both.TwoProfilesRosters)
	}
	if tr := both.Cases[1].Tools[0]; tr.Where != eval.Refused || both.Refused != 1 || !both.Cases[1].Found {
		t.Errorf("contractors asking for exec: %+v refused %d", tr, both.Refused)
	}
	text, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--deferred", "--second-profile", "document-analysis", "--subject-groups", "contractors")
	for _, want := range []string{"extract_text: search rank 1 (under the second profile)", "exec: refused: not granted to the subject", "no-tool precision", "run against 2 rosters; refusals 1", "search: nothing fits"} {
		if err != nil || !strings.Contains(text, want) {
			t.Errorf("text report lacks %q: %v\n%s", want, err, text)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--second-profile", "nope"}, "--second-profile"},
		{[]string{"--subject-groups", "Bad Group"}, "--subject-groups"},
	} {
		_, err := runCLI(t, db, append([]string{"eval", file, "--agent", "analyst"}, tc.args...)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want exit 2 naming %s", tc.args, err, tc.want)
		}
	}
	if _, err := runCLI(t, db, "eval", file, "--tools", "read_file", "--second-profile", "x"); err == nil || !strings.Contains(err.Error(), "--second-profile") {
		t.Errorf("--second-profile without an agent: %v", err)
	}
}

// TestReadmeEvalExamples runs every `console eval` example of the README
// from the repository root.
func TestReadmeEvalExamples(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	mustMigrate(t, db)
	githubAvailable(t, db) // as the README says to, for its GitHub example
	n := 0
	for _, line := range readmeCommands(t, "console eval ") {
		if strings.Contains(line, "FILE") {
			continue
		}
		args := strings.Fields(line)[1:]
		args[1] = filepath.Join("../..", args[1])
		out, err := runCLI(t, db, args...)
		if err != nil || !strings.Contains(out, "recall") {
			t.Errorf("README example %q: %v\n%s", line, err, out)
		}
		n++
	}
	if n < 3 {
		t.Errorf("%d README eval examples, want 3", n)
	}
}

// TestEvalCLICountsSkills: a case expecting a skill the agent's roster
// serves is on the first step, as the forge says; without deferred mode
// nothing is unreachable.
func TestEvalCLICountsSkills(t *testing.T) {
	dir := t.TempDir()
	db, file := filepath.Join(dir, "e.db"), filepath.Join(dir, "cases.yaml")
	mustMigrate(t, db) // read commands create no database
	os.WriteFile(file, []byte("cases:\n  - {task: \"prepare the quarterly business review\", expect: [\"skill:quarterly-report\"]}\n"), 0o600)
	out, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--json")
	if err != nil {
		t.Fatal(err, out)
	}
	var r eval.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.RecallAtK != 1 || r.Cases[0].Tools[0].Where != eval.FirstStep {
		t.Errorf("the analyst's quarterly-report skill: %s", out)
	}
	// a roster without the skill's tools says which ones it lacks
	if text, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--tools", "exec"); err != nil || !strings.Contains(text, "unreachable: it requires read_spreadsheet, workspace_write") {
		t.Errorf("a roster without the skill's tools: %v\n%s", err, text)
	}
	// a helper's rank is the rank of the tool it arrives with, and says so
	// (the search answers only hits that fit, and a helper's words do not
	// count for the tool it arrives with: the task names the code)
	helper := filepath.Join(dir, "helper.yaml")
	os.WriteFile(helper, []byte("cases:\n  - {task: \"save the cleaned table for later from the python code\", expect: [save_table]}\n"), 0o600)
	if text, err := runCLI(t, db, "eval", helper, "--agent", "analyst", "--deferred"); err != nil || !strings.Contains(text, "save_table: arrives with exec, at search rank") {
		t.Errorf("a helper's place: %v\n%s", err, text)
	}
	// deferred, the skill waits for search to find its tools, and says so
	text, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--deferred")
	if err != nil || !strings.Contains(text, "skill:quarterly-report: its required tools need search") {
		t.Errorf("deferred skill: %v\n%s", err, text)
	}
}
