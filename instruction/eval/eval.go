package eval

import (
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// Where an expected tool is for the agent.
const (
	// FirstStep: listed in the first step's catalog; no search needed.
	FirstStep = "first_step"
	// Search: not listed, but search_tools returns it within the top k.
	Search = "search"
	// BeyondK: in the roster and searchable, but ranked below k (or not
	// returned) for the task's wording.
	BeyondK = "beyond_k"
	// Unreachable: not in the roster, or a code-only helper without exec
	// (search never returns helpers; they arrive with exec).
	Unreachable = "unreachable"
	// Refused: the subject is not granted the tool; the right outcome is
	// a refusal, so it is scored as one, neither reached nor missed.
	Refused = "refused"
)

// ToolResult is where one expected tool is.
type ToolResult struct {
	// Expect is the case's entry ("a" or "a|b").
	Expect string `json:"expect"`
	// Tool is the alternative that fared best.
	Tool  string `json:"tool"`
	Where string `json:"where"`
	// Rank is the tool's 1-based rank in the search for the task, 0 when
	// search did not return it.
	Rank int `json:"rank"`
	// Via names the tool a code-only helper arrives with ("exec"); its
	// rank is that tool's.
	Via string `json:"via,omitempty"`
	// Missing names, for an expected skill, the tools it requires that
	// the roster lacks (why it is unreachable).
	Missing []string `json:"missing,omitempty"`
	// Roster is "second" when a two_profiles case found the tool under
	// the other profile's roster (Options.Second).
	Roster string `json:"roster,omitempty"`
}

// CaseResult is one case's outcome.
type CaseResult struct {
	Task    string   `json:"task"`
	Kind    string   `json:"kind,omitempty"`
	HeldOut bool     `json:"held_out,omitempty"`
	Expect  []string `json:"expect"`
	// Found: every expected tool is on the first step or in the top k.
	Found bool `json:"found"`
	// Rank is each expected tool's search rank, in expect order (0: not
	// returned by search).
	Rank []int `json:"rank"`
	// FirstStep says, in expect order, whether each expected tool is on
	// the first step.
	FirstStep []bool `json:"first_step"`
	// DiscoverySteps: 0 when every expected tool is on the first step, 1
	// when one search reaches the rest, -1 when one search does not.
	DiscoverySteps int `json:"discovery_steps"`
	// Top1 says whether the search's top hit is an expected tool (judged
	// in the totals for misleading cases only).
	Top1 bool `json:"top1"`
	// Hits are the search's top k tool ids for the task.
	Hits  []string     `json:"hits"`
	Tools []ToolResult `json:"tools"`
	// Misleading marks a case whose top hit is judged.
	Misleading bool `json:"misleading,omitempty"`
	// Fits: the search's top hit shares at least the fit threshold of
	// word weight with the task; false is the answer "nothing fits". On
	// a case that needs no tool, true is a false positive.
	Fits bool `json:"fits"`
}

// Report is an evaluation: every case and the totals.
type Report struct {
	K     int          `json:"k"`
	Cases []CaseResult `json:"cases"`
	// RecallAtK is the share of expected tools (over all cases) on the
	// first step or within search's top k.
	RecallAtK float64 `json:"recall_at_k"`
	// Top1Misleading is the share of misleading cases whose top hit is
	// an expected tool.
	Top1Misleading float64 `json:"top1_misleading"`
	// FirstStepShare is the share of expected tools on the first step.
	FirstStepShare float64 `json:"first_step_share"`
	Expected       int     `json:"expected"`
	Reached        int     `json:"reached"`
	OnFirstStep    int     `json:"on_first_step"`
	Misleading     int     `json:"misleading"`
	Top1           int     `json:"top1_hits"`
	// FitThreshold is the word weight a top hit must share with a task
	// to fit (catalog.Fit.Threshold over this roster).
	FitThreshold float64 `json:"fit_threshold"`
	// NoTool counts the cases that need no tool; NoToolFalsePositives
	// those whose top hit still fits.
	NoTool               int `json:"no_tool"`
	NoToolFalsePositives int `json:"no_tool_false_positives"`
	// NoToolPrecision is the share of cases answered "a tool fits" that
	// do need a tool (1 when no case was answered so).
	NoToolPrecision float64 `json:"no_tool_precision"`
	// Silenced counts cases that need a tool answered "nothing fits".
	Silenced int `json:"silenced"`
	// TwoProfiles counts the two_profiles cases; TwoProfilesRosters is
	// how many rosters they ran against (2 with Options.Second).
	TwoProfiles        int `json:"two_profiles"`
	TwoProfilesRosters int `json:"two_profiles_rosters"`
	// Refused counts expected tools the subject is not granted, each
	// scored as a correct refusal (Options.Refused).
	Refused int `json:"refused"`
	// BuiltinShare is the built-in tools' share of the hits beside
	// their share of the expected tools.
	BuiltinShare BuiltinShare `json:"builtin_share"`
}

// Options are what an evaluation knows beside the draft's input.
type Options struct {
	// Second is the other profile's input: a two_profiles case looks
	// for each expected tool under both rosters, the better place wins.
	Second *instruction.Input
	// Refused are the tools the subject is not granted (dropped from
	// the roster as not authorized): a case expecting one scores it as a
	// correct refusal.
	Refused []string
	// Fit judges whether a top hit fits (nil: one over the input's
	// roster). Evaluations of one draft's levers share the draft's, so
	// each lever need not read the roster twice.
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
// top hit is judged against the fit threshold.
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
		fit = FitIndex(in)
	}
	r := Report{K: k, Cases: make([]CaseResult, 0, len(cases)), FitThreshold: fit.Threshold(), TwoProfilesRosters: 1}
	if second != nil {
		r.TwoProfilesRosters = 2
	}
	fitting := 0
	for _, c := range cases {
		hits := first.ranks(c.Task)
		cr := CaseResult{Task: c.Task, Kind: c.Kind, HeldOut: c.HeldOut, Expect: append([]string{}, c.Expect...), Misleading: c.IsMisleading(),
			Found: true, Rank: []int{}, FirstStep: []bool{}, Hits: []string{}, Tools: []ToolResult{}}
		cr.Hits = append(cr.Hits, hits[:min(k, len(hits))]...)
		if len(hits) > 0 {
			cr.Top1 = c.expects(hits[0])
			var m float64
			if sh != nil {
				m = sh.fitMatched(fit, c.Task, hits[0])
			} else {
				m = fit.Matched(c.Task, hits[0])
			}
			cr.Fits = m >= r.FitThreshold
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
		default:
			r.Silenced++
		}
		two := c.Kind == KindTwoProfiles
		if two {
			r.TwoProfiles++
		}
		var rank2 hitRanks
		searched2 := two && second != nil
		if searched2 {
			rank2 = second.ranks(c.Task)
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

// FitIndex is what judges fit over an input's roster.
func FitIndex(in instruction.Input) *catalog.Fit {
	contracts := make([]catalog.Contract, len(in.Roster))
	for i, e := range in.Roster {
		contracts[i] = e.Contract()
	}
	return catalog.NewFit(contracts)
}

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

// placeScore orders places: first step, then search by rank, then beyond
// k by rank, then unreachable.
func placeScore(t ToolResult) int {
	switch t.Where {
	case FirstStep:
		return 1 << 20
	case Search:
		return 1<<19 - t.Rank
	case BeyondK:
		return 1<<18 - t.Rank
	}
	return 0
}

// locate finds the best place of an expect entry's alternatives: first
// step beats search, a better rank beats a worse one. A helper that
// arrives with exec is where exec is.
func locate(expect string, in instruction.Input, reach Reach, rank hitRanks, k int) ToolResult {
	best := ToolResult{Expect: expect, Where: Unreachable}
	score := placeScore
	for i, id := range Alternatives(expect) {
		if slug, ok := strings.CutPrefix(id, SkillPrefix); ok {
			if t := locateSkill(expect, id, slug, in, reach, rank, k); i == 0 || score(t) > score(best) {
				best = t
			}
			continue
		}
		t := ToolResult{Expect: expect, Tool: id, Where: Unreachable}
		at := id
		if via, ok := reach.Via[id]; ok {
			at, t.Via = via, via
		}
		t.Rank = rank.of(at)
		switch {
		case reach.First[id]:
			t.Where = FirstStep
		case reach.Searchable[at] && t.Rank > 0 && t.Rank <= k:
			t.Where = Search
		case reach.Searchable[at]:
			t.Where = BeyondK
		}
		if i == 0 || score(t) > score(best) {
			best = t
		}
	}
	return best
}

// locateSkill places an expected skill. The composer lists a skill when
// every tool it requires is in the roster; in deferred mode, when they
// are all on the first step, else once search has activated the rest
// (each must then be in the task's top k; the skill's rank is the worst
// of theirs). A skill the input lacks, or whose tools the roster lacks,
// is unreachable.
func locateSkill(expect, id, slug string, in instruction.Input, reach Reach, rank hitRanks, k int) ToolResult {
	t := ToolResult{Expect: expect, Tool: id, Where: Unreachable}
	var required []string
	found := false
	for _, s := range in.Skills {
		if s.Slug == slug {
			required, found = s.RequiredTools, true
			break
		}
	}
	if !found {
		return t
	}
	inRoster := make(map[string]bool, len(in.Roster))
	for _, e := range in.Roster {
		inRoster[e.ID()] = true
	}
	for _, r := range required {
		if !inRoster[r] {
			t.Missing = append(t.Missing, r)
		}
	}
	if len(t.Missing) > 0 {
		return t
	}
	worst := 0
	for _, r := range required {
		if reach.First[r] {
			continue
		}
		at := r
		if via, ok := reach.Via[r]; ok {
			at = via
		}
		n := rank.of(at)
		if n == 0 || !reach.Searchable[at] {
			t.Where = BeyondK
			return t
		}
		if n > worst {
			worst = n
		}
	}
	switch {
	case worst == 0:
		t.Where = FirstStep
	case worst <= k:
		t.Where, t.Rank = Search, worst
	default:
		t.Where, t.Rank = BeyondK, worst
	}
	return t
}

// Reach is what a composition input puts within the agent's reach:
// the tools the first step's catalog lists, the tools search can return,
// and the code-only helpers that arrive with another tool (exec) when
// search activates it.
type Reach struct {
	First      map[string]bool
	Searchable map[string]bool
	Via        map[string]string
}

// ReachOf follows the composer's rules (the composition rules and the deferred-run rules). Without
// deferred mode every roster tool is listed, code-only helpers only with
// exec in the roster (the gate's CapExec). In deferred mode the first step
// lists the always-on and pinned tools, and the helpers only when exec is
// among them; search reaches every other tool but never a helper, which
// arrives with exec when search activates it.
func ReachOf(in instruction.Input) Reach {
	r := Reach{First: map[string]bool{}, Searchable: map[string]bool{}, Via: map[string]string{}}
	hasExec := instruction.NewGate(instruction.Facts{Roster: in.Roster}).Has(instruction.CapExec)
	pinned := make(map[string]bool, len(in.Options.Pins))
	for _, p := range in.Options.Pins {
		pinned[p] = true
	}
	var helpers []string
	for _, e := range in.Roster {
		c := e.Contract()
		if c.CodeOnly {
			helpers = append(helpers, c.ID)
			continue
		}
		r.Searchable[c.ID] = true
		if !in.Options.Deferred || c.AlwaysOn || pinned[c.ID] {
			r.First[c.ID] = true
		}
	}
	if !hasExec {
		return r
	}
	for _, h := range helpers {
		if r.First["exec"] {
			r.First[h] = true
		} else {
			r.Via[h] = "exec"
		}
	}
	return r
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
