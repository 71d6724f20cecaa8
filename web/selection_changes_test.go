package web

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/views"
)

// TestSelectionChangesNameTheToolAndWhereItWent: a lever or a compared
// version that loses a task names the tool it loses and where that tool is
// now, on the forge's panel and on profile compare alike.
func TestSelectionChangesNameTheToolAndWhereItWent(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	if res, _ := ed.postCases("analyst", "0", analystCases, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/forge?agent=analyst")
	state, _ := d.Find(`input[name="state"]`).Attr("value")
	_, panel := ed.getHX("/forge/selection?state=" + url.QueryEscape(state))
	lost := panel.Find(`[data-testid="selection-lever-deferred"] [data-testid="lever-lost"]`).Text()
	if !strings.Contains(lost, "tidy this up") || !strings.Contains(lost, "workspace_write") {
		t.Errorf("the deferred lever's lost task does not name its tool: %q", lost)
	}
	suite := "cases:\n  - {task: \"give me summary statistics of the survey columns\", expect: [compute_statistics]}\n  - {task: \"make a bar chart of revenue\", expect: [render_chart]}\n"
	if res, _ := ed.postCases("analyst", "1", suite, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d = ed.get("/profiles/data-analyst/diff?a=2&b=1")
	if got := d.Find(`[data-testid="selection-lost"]`).Text(); !strings.Contains(got, "compute_statistics") || !strings.Contains(got, "unreachable") {
		t.Errorf("compare's lost task does not name its tool: %q", got)
	}
}

// TestCaseChangesSeeAMoveBetweenTwoMisses: a case missed under both
// inputs, but differently (searchable beyond k, then unreachable), is a
// change, never "fares the same"; a helper's miss says the tool it
// arrives with is what ranks.
func TestCaseChangesSeeAMoveBetweenTwoMisses(t *testing.T) {
	was := eval.Report{K: 5, Cases: []eval.CaseResult{{Task: "qbr", Expect: []string{"skill:q"}, DiscoverySteps: -1,
		Tools: []eval.ToolResult{{Expect: "skill:q", Tool: "skill:q", Where: eval.BeyondK, Rank: 7}}}}}
	now := eval.Report{K: 5, Cases: []eval.CaseResult{{Task: "qbr", Expect: []string{"skill:q"}, DiscoverySteps: -1,
		Tools: []eval.ToolResult{{Expect: "skill:q", Tool: "skill:q", Where: eval.Unreachable}}}}}
	c := caseChanges(was, now)
	if len(c.Moved) != 1 || !strings.Contains(c.Moved[0].Detail, "required tools") || !strings.Contains(c.Moved[0].Detail, "ranks 7") || !strings.Contains(c.Moved[0].Detail, "unreachable") || c.None() {
		t.Errorf("moved: %+v", c)
	}
	// a lost task names the tool it lost, not one still on the first step
	// at another rank
	two := func(exec eval.ToolResult, chartRank int, found bool) eval.Report {
		return eval.Report{K: 5, Cases: []eval.CaseResult{{Task: "run and plot", Expect: []string{"exec", "render_chart"}, Found: found,
			Tools: []eval.ToolResult{exec, {Expect: "render_chart", Tool: "render_chart", Where: eval.FirstStep, Rank: chartRank}}}}}
	}
	lost := caseChanges(two(eval.ToolResult{Expect: "exec", Tool: "exec", Where: eval.FirstStep, Rank: 1}, 2, true),
		two(eval.ToolResult{Expect: "exec", Tool: "exec", Where: eval.Unreachable}, 1, false))
	if len(lost.Lost) != 1 || lost.Lost[0].Detail != "exec is unreachable" {
		t.Errorf("lost: %+v", lost)
	}
	if c := caseChanges(was, was); !c.None() {
		t.Errorf("the same report changes: %+v", c)
	}
	if got := missWhere(eval.ToolResult{Tool: "save_table", Where: eval.BeyondK, Rank: 6, Via: "exec"}, 5); !strings.Contains(got, "exec") || !strings.Contains(got, "ranks 6") || strings.Index(got, "exec") > strings.Index(got, "ranks 6") {
		t.Errorf("a helper's miss: %q", got)
	}
}

// TestCasesPageRefusesWhatItWouldMisread: a version that is not a number
// is a 400 naming version (it showed the newest silently); a file written
// for another agent is refused naming agent, nothing stored; a file's
// roster fields for console eval are not stored, and the save says so.
func TestCasesPageRefusesWhatItWouldMisread(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	if res, _ := ed.postCases("analyst", "0", analystCases, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	if _, d := ed.get("/agents/analyst/cases"); !strings.Contains(d.Find(`[data-testid="cases-measured-under"]`).Text(), "data-analyst v2") {
		t.Errorf("the page does not say which profile its totals measure: %q", d.Find(`[data-testid="cases-measured-under"]`).Text())
	}
	for _, q := range []string{"abc", "-1", "0x1"} {
		for _, path := range []string{"/agents/analyst/cases?version=", "/agents/analyst/cases/export?version="} {
			if res, _ := ed.get(path + q); res.StatusCode != http.StatusBadRequest {
				t.Errorf("%s%s: %d, want 400", path, q, res.StatusCode)
			}
		}
	}
	res, sel := ed.postCases("analyst", "1", "", "agent: researcher\n"+analystCases)
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(sel.Find(`[data-testid="cases-error"]`).Text(), "agent") {
		t.Errorf("another agent's file: %d %q", res.StatusCode, sel.Find(`[data-testid="cases-error"]`).Text())
	}
	if _, d := ed.get("/agents/analyst/cases"); d.Find(`[data-testid="cases-table"] tbody tr`).Length() != 6 {
		t.Error("the refused file changed the cases")
	}
	res, _ = ed.postCases("analyst", "1", "", "agent: analyst\ndeferred: true\npins: [render_chart]\n"+analystCases)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("own agent's file: %d", res.StatusCode)
	}
	if _, d := ed.get("/agents/analyst/cases"); !strings.Contains(d.Find(`.flash`).Text(), "deferred, pins") {
		t.Errorf("the flash does not say which fields were not stored: %q", d.Find(`.flash`).Text())
	}
}

// TestSelectionLeversMatchOneByOne: the levers, evaluated side by side,
// give exactly what evaluating each flipped draft alone gives, in lever
// order (run under -race, it also checks they share nothing writable).
func TestSelectionLeversMatchOneByOne(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	snap, err := h.app.snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ac, err := h.app.loadAgentContext(ctx, "analyst", "")
	if err != nil {
		t.Fatal(err)
	}
	skills, err := runtime.Skills(ctx, h.app.store)
	if err != nil {
		t.Fatal(err)
	}
	d := ac.EvalDraft(snap, skills)
	suite, err := eval.ParseSuite([]byte(analystCases))
	if err != nil {
		t.Fatal(err)
	}
	for _, deferred := range []bool{false, true} {
		d.Options.Deferred = deferred
		o := eval.Options{Fit: eval.DraftFit(d)}
		now := eval.EvaluateWith(d.Input(), suite.Cases, suite.K, o)
		got := selectionLevers(d, suite, now, o)
		var want []views.SelectionLever
		for _, lever := range d.LeverIDs() {
			if strings.HasPrefix(lever, instruction.LeverTierPrefix) || lever == instruction.LeverCompact {
				continue
			}
			f, err := d.Flip(lever)
			if err != nil {
				continue
			}
			r := eval.EvaluateWith(f.Input(), suite.Cases, suite.K, o)
			want = append(want, views.SelectionLever{Lever: lever, Label: leverLabel(d, lever), Recall: r.RecallAtK, Delta: r.RecallAtK - now.RecallAtK,
				FirstStep: r.FirstStepShare, FirstDelta: r.FirstStepShare - now.FirstStepShare, SelectionChanges: caseChanges(now, r)})
		}
		if len(want) < 3 || !reflect.DeepEqual(got, want) {
			t.Errorf("deferred=%v: %d levers side by side differ from %d one by one", deferred, len(got), len(want))
		}
	}
}
