package eval_test

import (
	"testing"

	"github.com/agentforge/console/instruction/eval"
)

// A case that needs no tool and is still answered a hit that fits is a
// false positive; a task no tool serves is answered "nothing fits"; the
// precision counts only the cases answered "a tool fits".
func TestNoToolCasesScore(t *testing.T) {
	c := universe(t)
	cases := []eval.Case{
		{Task: "make a bar chart of revenue by quarter", Expect: []string{"render_chart"}},
		{Task: "what is the capital of Australia", Kind: eval.KindNoTool},
		{Task: "render a chart of the pull request review comments", Kind: eval.KindNoTool},
	}
	r := eval.Evaluate(input(c, true, nil), cases, 5)
	if !r.Cases[0].Fits || r.Cases[1].Fits || !r.Cases[2].Fits {
		t.Fatalf("fits %v %v %v, want true false true", r.Cases[0].Fits, r.Cases[1].Fits, r.Cases[2].Fits)
	}
	if r.NoTool != 2 || r.NoToolFalsePositives != 1 || r.Silenced != 0 || r.NoToolPrecision != 0.5 {
		t.Errorf("no_tool %d false positives %d silenced %d precision %.2f, want 2 1 0 0.50", r.NoTool, r.NoToolFalsePositives, r.Silenced, r.NoToolPrecision)
	}
	if r.FitThreshold < 0.75 || r.FitThreshold > 1.5 {
		t.Errorf("fit threshold %.2f, want half the idf of a word one tool in eight carries (about 1.05)", r.FitThreshold)
	}
	// the judge is the roster's fit: every hit answered fits by it
	fit := eval.FitIndex(input(c, true, nil))
	if fit.Threshold() != r.FitThreshold {
		t.Errorf("threshold %.3f, the roster's fit says %.3f", r.FitThreshold, fit.Threshold())
	}
	for _, cr := range r.Cases {
		if cr.Fits != (len(cr.Hits) > 0) {
			t.Errorf("%q: fits %v, with %d hits answered", cr.Task, cr.Fits, len(cr.Hits))
		}
		for _, h := range cr.Hits {
			if m := fit.Matched(cr.Task, h); m < fit.Threshold() {
				t.Errorf("%q: hit %q answered, matched %.2f under the threshold", cr.Task, h, m)
			}
		}
	}
	// a case needing a tool answered "nothing fits" is counted silenced
	r = eval.Evaluate(input(c, true, nil), []eval.Case{{Task: "what is the capital of Australia", Expect: []string{"web_search"}}}, 5)
	if r.Silenced != 1 || r.NoToolPrecision != 1 {
		t.Errorf("silenced %d precision %.2f, want 1 and 1 (nothing was answered 'fits')", r.Silenced, r.NoToolPrecision)
	}
}

// A two_profiles case looks for its tools under both rosters when a
// second one is given; other kinds only under the first.
func TestTwoProfilesRunAgainstBothRosters(t *testing.T) {
	c := universe(t)
	first := input(c, true, nil, "github.create_pull_request")
	second := input(c, true, nil)
	cases := []eval.Case{
		{Task: "read report.csv, then open a PR with the fix", Expect: []string{"read_file", "github.create_pull_request"}, Kind: eval.KindTwoProfiles},
		{Task: "open a PR from my branch", Expect: []string{"github.create_pull_request"}},
	}
	one := eval.Evaluate(first, cases, 5)
	if one.Cases[0].Found || one.TwoProfiles != 1 || one.TwoProfilesRosters != 1 {
		t.Fatalf("one roster: found %v, two_profiles %d rosters %d", one.Cases[0].Found, one.TwoProfiles, one.TwoProfilesRosters)
	}
	both := eval.EvaluateWith(first, cases, 5, eval.Options{Second: &second})
	if tr := both.Cases[0].Tools[1]; !both.Cases[0].Found || tr.Roster != "second" || tr.Where != eval.Search {
		t.Errorf("two rosters: found %v, %+v", both.Cases[0].Found, tr)
	}
	if tr := both.Cases[0].Tools[0]; tr.Roster != "" {
		t.Errorf("a tool the first roster reaches is placed there: %+v", tr)
	}
	if both.Cases[1].Found || both.TwoProfilesRosters != 2 {
		t.Errorf("an ordinary case stays on the first roster: found %v, rosters %d", both.Cases[1].Found, both.TwoProfilesRosters)
	}
}

// A subject asking for a tool it is not granted scores a correct
// refusal: neither reached nor missed; an alternative it may use still
// counts as usual.
func TestRefusalsScore(t *testing.T) {
	c := universe(t)
	in := input(c, true, nil, "github.create_pull_request")
	cases := []eval.Case{
		{Task: "open a PR from my branch", Expect: []string{"github.create_pull_request"}},
		{Task: "make a bar chart of revenue by quarter", Expect: []string{"render_chart|github.create_pull_request"}},
	}
	r := eval.EvaluateWith(in, cases, 5, eval.Options{Refused: []string{"github.create_pull_request"}})
	if tr := r.Cases[0].Tools[0]; tr.Where != eval.Refused || !r.Cases[0].Found {
		t.Errorf("refused: %+v found %v", tr, r.Cases[0].Found)
	}
	if r.Refused != 1 || r.Expected != 1 || r.Reached != 1 || r.RecallAtK != 1 {
		t.Errorf("refused %d expected %d reached %d recall %.2f, want 1 1 1 1", r.Refused, r.Expected, r.Reached, r.RecallAtK)
	}
	if tr := r.Cases[1].Tools[0]; tr.Where != eval.Search || tr.Tool != "render_chart" {
		t.Errorf("an alternative the subject may use: %+v", tr)
	}
}
