package web

// The selection report as the cases page and the forge show it: totals,
// where each expected tool stood, what a change moved, and the levers.

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/views"
)

// selectionTotals turns a report into the view's headline and misses.
func selectionTotals(label string, r eval.Report) views.SelectionTotals {
	t := views.SelectionTotals{Label: label, Misleading: r.Misleading, K: r.K, Recall: r.RecallAtK, FirstStep: r.FirstStepShare, Top1Misleading: r.Top1Misleading, Reached: r.Reached, Expected: r.Expected,
		NoTool: r.NoTool, NoToolFalsePositives: r.NoToolFalsePositives, NoToolPrecision: r.NoToolPrecision, Silenced: r.Silenced,
		TwoProfiles: r.TwoProfiles, Rosters: r.TwoProfilesRosters, Refused: r.Refused}
	for _, cr := range r.Cases {
		if h, ok := hiddenMiss(cr); ok {
			t.Hidden = append(t.Hidden, h)
		}
		for _, tr := range cr.Tools {
			if reached(tr) || tr.Where == eval.Refused {
				continue
			}
			t.Misses = append(t.Misses, missOf(cr.Task, tr, r.K))
		}
	}
	return t
}

// hiddenMiss names a case behind the no-tool figures: a case needing
// no tool still answered a hit that fits (a false positive), a case
// whose tools the subject is refused (a correct refusal, whatever the
// search answered), or a case needing a tool answered "nothing fits".
func hiddenMiss(cr eval.CaseResult) (views.SelectionMiss, bool) {
	switch {
	case len(cr.Expect) == 0 && cr.Fits && len(cr.Hits) > 0:
		return views.SelectionMiss{Task: cr.Task, Tool: cr.Hits[0], Where: "fits, though the case needs no tool"}, true
	case len(cr.Expect) > 0 && allRefused(cr.Tools):
		where := "is not granted to this subject (a correct refusal)"
		if !cr.Fits {
			where += ", and no hit fits"
		}
		return views.SelectionMiss{Task: cr.Task, Tool: strings.Join(eval.Alternatives(cr.Expect[0]), " or "), Where: where}, true
	case cr.Silenced():
		return views.SelectionMiss{Task: cr.Task, Tool: strings.Join(eval.Alternatives(cr.Expect[0]), " or "), Where: "is needed, but no hit fits: the search answers \"nothing fits\""}, true
	}
	return views.SelectionMiss{}, false
}

// allRefused says every expected tool of a case is refused to the subject.
func allRefused(trs []eval.ToolResult) bool {
	for _, tr := range trs {
		if tr.Where != eval.Refused {
			return false
		}
	}
	return len(trs) > 0
}

func reached(tr eval.ToolResult) bool { return tr.Where == eval.FirstStep || tr.Where == eval.Search }

// missWhere says where a tool the evaluation did not reach is. A helper
// that arrives with another tool (exec) is where that tool is: the rank is
// that tool's.
func missWhere(tr eval.ToolResult, k int) string {
	if tr.Where == eval.Unreachable {
		if len(tr.Missing) > 0 {
			return "is unreachable: it requires " + strings.Join(tr.Missing, ", ") + ", which the roster lacks"
		}
		return "is unreachable"
	}
	if strings.HasPrefix(tr.Tool, eval.SkillPrefix) {
		// a skill is listed once search has activated its required tools
		if tr.Rank > 0 {
			return fmt.Sprintf("needs its required tools from search, and one of them ranks %d (top %d counts)", tr.Rank, k)
		}
		return fmt.Sprintf("needs its required tools from search, and they are not all in its top %d", k)
	}
	ranks := fmt.Sprintf("is not in search's top %d", k)
	if tr.Rank > 0 {
		ranks = fmt.Sprintf("ranks %d in search (top %d counts)", tr.Rank, k)
	}
	if tr.Via != "" {
		return "arrives with " + tr.Via + ", which " + ranks
	}
	return ranks
}

func sameTool(a, b eval.ToolResult) bool {
	return a.Tool == b.Tool && a.Where == b.Where && a.Rank == b.Rank && a.Via == b.Via && strings.Join(a.Missing, ",") == strings.Join(b.Missing, ",")
}

// toolWhere says where any tool the evaluation placed is.
func toolWhere(tr eval.ToolResult, k int) string {
	switch tr.Where {
	case eval.FirstStep:
		return "is on the first step"
	case eval.Search:
		if tr.Via != "" {
			return fmt.Sprintf("arrives with %s, which ranks %d in search", tr.Via, tr.Rank)
		}
		return fmt.Sprintf("ranks %d in search", tr.Rank)
	}
	return missWhere(tr, k)
}

// caseChanges compares two evaluations of the same cases: the tasks that
// lose or gain their tools, whose tools leave or reach the first step, and
// those missed both times but differently — each with what happened to
// the tools that changed.
func caseChanges(was, now eval.Report) views.SelectionChanges {
	var c views.SelectionChanges
	for i, cr := range now.Cases {
		if i >= len(was.Cases) || len(cr.Expect) == 0 {
			continue
		}
		w := was.Cases[i]
		var details []string
		for j, tr := range cr.Tools {
			if j >= len(w.Tools) || sameTool(tr, w.Tools[j]) || tr.Where == w.Tools[j].Where && reached(tr) {
				continue // unchanged, or still reached the same way at another rank
			}
			switch {
			case w.Found && !cr.Found && !reached(tr):
				details = append(details, tr.Tool+" "+missWhere(tr, now.K))
			case !w.Found && !cr.Found:
				details = append(details, tr.Tool+" before: "+strings.TrimPrefix(toolWhere(w.Tools[j], was.K), "is ")+"; now: "+strings.TrimPrefix(toolWhere(tr, now.K), "is "))
			default:
				details = append(details, tr.Tool+" "+toolWhere(tr, now.K))
			}
		}
		change := views.SelectionChange{Task: cr.Task, Detail: strings.Join(details, "; ")}
		switch {
		case w.Found && !cr.Found:
			c.Lost = append(c.Lost, change)
		case !w.Found && cr.Found:
			c.Gained = append(c.Gained, change)
		case !w.Found && !cr.Found:
			if len(details) > 0 {
				c.Moved = append(c.Moved, change)
			}
		case w.DiscoverySteps == 0 && cr.DiscoverySteps != 0:
			c.OffFirst = append(c.OffFirst, change)
		case w.DiscoverySteps != 0 && cr.DiscoverySteps == 0:
			c.OnFirst = append(c.OnFirst, change)
		}
	}
	return c
}

// selectionLevers evaluates the cases with each roster-changing lever
// flipped (tools, services, deferred mode): the change to recall and the
// tasks that lose or gain a tool. Tier and catalog form change no
// selection, so they are left out. Each lever is measured with the same
// options as now (refusals, the second profile's roster; deferred mode
// flips on that roster too).
func selectionLevers(d instruction.Draft, suite eval.Suite, now eval.Report, o eval.Options) []views.SelectionLever {
	if o.Fit == nil {
		o.Fit = eval.DraftFit(d)
	}
	// the levers share one evaluation: a roster two levers search alike
	// is searched once, each hit judged once, spread over the cores
	levers, jobs := eval.LeverJobs(d, o)
	reports := eval.EvaluateAll(jobs, suite.Cases, suite.K)
	out := make([]views.SelectionLever, 0, len(jobs))
	for i, lever := range levers {
		r := reports[i]
		l := views.SelectionLever{Lever: lever, Label: leverLabel(d, lever), Recall: r.RecallAtK, Delta: r.RecallAtK - now.RecallAtK,
			FirstStep: r.FirstStepShare, FirstDelta: r.FirstStepShare - now.FirstStepShare}
		l.SelectionChanges = caseChanges(now, r)
		out = append(out, l)
	}
	return out
}

func leverLabel(d instruction.Draft, lever string) string {
	verb := "turn on "
	if d.On(lever) {
		verb = "turn off "
	}
	return verb + lever
}

// compareSelection evaluates an agent's current cases under two inputs.
func (s *Server) compareSelection(c echo.Context, agentID uint, agentSlug, labelA, labelB string, a, b instruction.Input) (*views.SelectionCompareData, error) {
	suite, _, err := s.agentSuite(c, agentID, 0)
	if err != nil {
		return nil, err
	}
	return compareSuite(suite, agentSlug, labelA, labelB, a, b), nil
}

// compareSuite evaluates an agent's cases, already loaded, under two
// inputs.
func compareSuite(suite eval.Suite, agentSlug, labelA, labelB string, a, b instruction.Input) *views.SelectionCompareData {
	d := &views.SelectionCompareData{Agent: agentSlug, Cases: len(suite.Cases)}
	if len(suite.Cases) == 0 {
		return d
	}
	ra, rb := eval.Evaluate(a, suite.Cases, suite.K), eval.Evaluate(b, suite.Cases, suite.K)
	d.A, d.B = selectionTotals(labelA, ra), selectionTotals(labelB, rb)
	d.SelectionChanges = caseChanges(ra, rb)
	return d
}
