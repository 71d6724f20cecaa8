package eval

import (
	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// Options are what an evaluation knows beside the draft's input.
type Options struct {
	// Second is the other profile's input: a two_profiles case looks
	// for each expected tool under both rosters, the better place wins.
	Second *instruction.Input
	// Refused are the tools the subject is not granted (dropped from
	// the roster as not authorized): a case expecting one scores it as a
	// correct refusal.
	Refused []string
	// Fit judges which hits fit (nil: the fit of the input's roster, as
	// the search answers; EvaluateAll builds it once per roster). A
	// draft's levers share the draft's (DraftFit).
	Fit *catalog.Fit
}

// Evaluate runs the cases against a composition input: the effective
// roster and the options (deferred mode and pins decide the first step).
// It is pure and deterministic; k is capped at catalog.MaxSearchLimit.
func Evaluate(in instruction.Input, cases []Case, k int) Report {
	return EvaluateWith(in, cases, k, Options{})
}

// roster is one roster's search and reach.
type roster struct {
	in    instruction.Input
	reach Reach
	ix    *catalog.Index
	// shared, when set, holds the roster's searches, done once for every
	// evaluation that searches the same roster (EvaluateAll)
	shared *sharedRoster
}

func newRoster(in instruction.Input, sh *shared) roster {
	ro := roster{in: in, reach: ReachOf(in)}
	if sh != nil {
		ro.shared = sh.roster(in)
	} else {
		ro.ix = catalog.IndexEntries(in.Roster)
	}
	return ro
}

// ranks are a task's search hits under a roster, read as ranks.
func (ro roster) ranks(task string) hitRanks {
	if ro.shared != nil {
		return ro.shared.search(task)
	}
	return ro.ix.SearchIDs(task, catalog.MaxSearchLimit)
}

// answer is what the search answers the task under the roster: its hits
// that fit (catalog.FitTask.Fitting), the task read once per fit when
// sh is set.
func (ro roster) answer(task string, fit *catalog.Fit, sh *shared) hitRanks {
	if sh != nil {
		return sh.fitting(fit, task, ro.ranks(task))
	}
	return fit.Task(task).Fitting(ro.ranks(task))
}

// fit is what judges the roster's hits: the fit of the roster itself (a
// lever that adds a tool is judged with it), one per roster, shared by
// the evaluations that search it when sh is set.
func (ro roster) fit(sh *shared) *catalog.Fit {
	if sh == nil || ro.shared == nil {
		return FitIndex(ro.in)
	}
	ro.shared.fitOnce.Do(func() { ro.shared.fitIx = FitIndex(ro.in) })
	return ro.shared.fitIx
}

// hitRanks are a search's hits' tool ids, read as ranks: a search names
// a tool at most once among its few hits, so a list finds it (no map
// built for every search of every lever).
type hitRanks []string

// of is the tool's rank (1-based) among the hits, 0 when it is not one.
func (r hitRanks) of(id string) int {
	for i, h := range r {
		if h == id {
			return i + 1
		}
	}
	return 0
}

// EvaluateWith is Evaluate with what the options add: a second roster for
// two_profiles cases and the tools the subject is refused. Every case's
// hits are judged against the fit threshold: the search answers those that fit.
func EvaluateWith(in instruction.Input, cases []Case, k int, o Options) Report {
	return evaluate(in, cases, k, o, nil)
}

// evaluate is EvaluateWith, its searches and fit judgements shared with
// other evaluations' when sh is set.
func evaluate(in instruction.Input, cases []Case, k int, o Options, sh *shared) Report {
	if k < 1 || k > catalog.MaxSearchLimit {
		k = DefaultK
	}
	first := newRoster(in, sh)
	var second *roster
	if o.Second != nil {
		s := newRoster(*o.Second, sh)
		second = &s
	}
	refused := make(map[string]bool, len(o.Refused))
	for _, id := range o.Refused {
		refused[id] = true
	}
	fit := o.Fit
	if fit == nil {
		fit = first.fit(sh)
	}
	r := Report{K: k, Cases: make([]CaseResult, 0, len(cases)), FitThreshold: fit.Threshold(), TwoProfilesRosters: 1}
	if second != nil {
		r.TwoProfilesRosters = 2
	}
	var fit2 *catalog.Fit
	if second != nil {
		fit2 = second.fit(sh)
	}
	fitting := 0
	for _, c := range cases {
		hits := first.answer(c.Task, fit, sh)
		cr := CaseResult{Task: c.Task, Kind: c.Kind, HeldOut: c.HeldOut, Expect: append([]string{}, c.Expect...), Misleading: c.IsMisleading(),
			Found: true, Rank: []int{}, FirstStep: []bool{}, Hits: []string{}, Tools: []ToolResult{}}
		cr.Hits = append(cr.Hits, hits[:min(k, len(hits))]...)
		if len(hits) > 0 {
			cr.Top1 = c.expects(hits[0])
			cr.Fits = true
		}
		switch {
		case len(c.Expect) == 0:
			r.NoTool++
			if cr.Fits {
				r.NoToolFalsePositives++
				fitting++
			}
		case cr.Fits:
			fitting++
		}
		two := c.Kind == KindTwoProfiles
		if two {
			r.TwoProfiles++
		}
		var rank2 hitRanks
		searched2 := two && second != nil
		if searched2 {
			rank2 = second.answer(c.Task, fit2, sh)
		}
		searched := false
		for _, e := range c.Expect {
			if refusedAll(e, refused) {
				cr.Tools = append(cr.Tools, ToolResult{Expect: e, Tool: Alternatives(e)[0], Where: Refused})
				cr.Rank = append(cr.Rank, 0)
				cr.FirstStep = append(cr.FirstStep, false)
				r.Refused++
				continue
			}
			tr := locate(e, first.in, first.reach, hits, k)
			if searched2 {
				if t2 := locate(e, second.in, second.reach, rank2, k); placeScore(t2) > placeScore(tr) {
					tr, tr.Roster = t2, "second"
				}
			}
			cr.Tools = append(cr.Tools, tr)
			cr.Rank = append(cr.Rank, tr.Rank)
			cr.FirstStep = append(cr.FirstStep, tr.Where == FirstStep)
			r.Expected++
			switch tr.Where {
			case FirstStep:
				r.Reached++
				r.OnFirstStep++
			case Search:
				r.Reached++
				searched = true
			default:
				cr.Found = false
			}
		}
		if cr.Silenced() {
			r.Silenced++
		}
		switch {
		case !cr.Found:
			cr.DiscoverySteps = -1
		case searched:
			cr.DiscoverySteps = 1
		}
		if cr.Misleading && len(c.Expect) > 0 {
			r.Misleading++
			if cr.Top1 {
				r.Top1++
			}
		}
		r.Cases = append(r.Cases, cr)
	}
	r.RecallAtK = ratio(r.Reached, r.Expected)
	r.FirstStepShare = ratio(r.OnFirstStep, r.Expected)
	r.Top1Misleading = ratio(r.Top1, r.Misleading)
	r.BuiltinShare = builtinShareOf(r.Cases, k)
	r.NoToolPrecision = 1
	if fitting > 0 {
		r.NoToolPrecision = ratio(fitting-r.NoToolFalsePositives, fitting)
	}
	return r
}

// DraftFit is the fit a draft and its levers are judged with: over every
// tool the draft declares, so a lever that turns a tool on is judged with
// it and every lever shares one reading of each task.
func DraftFit(d instruction.Draft) *catalog.Fit { return catalog.FitEntries(d.Declared) }

// FitIndex is what judges fit over an input's roster.
func FitIndex(in instruction.Input) *catalog.Fit { return catalog.FitEntries(in.Roster) }

// refusedAll reports whether the subject is refused every alternative of
// an expect entry (one it may use still satisfies the case).
func refusedAll(expect string, refused map[string]bool) bool {
	if len(refused) == 0 {
		return false
	}
	for _, id := range Alternatives(expect) {
		if !refused[id] {
			return false
		}
	}
	return true
}

func (c Case) expects(id string) bool {
	for _, e := range c.Expect {
		for _, a := range Alternatives(e) {
			if a == id {
				return true
			}
		}
	}
	return false
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
