package eval

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
	// Hits are the search's answer for the task: its top k tool ids
	// that fit (catalog.FitTask.Fitting), as search_tools answers.
	Hits  []string     `json:"hits"`
	Tools []ToolResult `json:"tools"`
	// Misleading marks a case whose top hit is judged.
	Misleading bool `json:"misleading,omitempty"`
	// Fits: a hit of the search shares at least the fit threshold of
	// word weight with the task; false is the answer "nothing fits". On
	// a case that needs no tool, true is a false positive.
	Fits bool `json:"fits"`
}

// Silenced reports whether search's "nothing fits" silences the case:
// it needs a tool, no hit fits, and some tool it needs is not on the
// first step (one there is reached without a search).
func (cr CaseResult) Silenced() bool {
	if len(cr.Expect) == 0 || cr.Fits {
		return false
	}
	for _, on := range cr.FirstStep {
		if !on {
			return true
		}
	}
	return len(cr.FirstStep) == 0
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
	// FitThreshold is the word weight a hit must share with a task to
	// fit (catalog.Fit.Threshold over this roster): the search answers
	// only hits that fit.
	FitThreshold float64 `json:"fit_threshold"`
	// NoTool counts the cases that need no tool; NoToolFalsePositives
	// those answered with a hit that fits.
	NoTool               int `json:"no_tool"`
	NoToolFalsePositives int `json:"no_tool_false_positives"`
	// NoToolPrecision is the share of cases answered "a tool fits" that
	// do need a tool (1 when no case was answered so).
	NoToolPrecision float64 `json:"no_tool_precision"`
	// Silenced counts cases that need a tool answered "nothing fits"
	// (CaseResult.Silenced: one whose tools are all on the first step
	// needs no search).
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
