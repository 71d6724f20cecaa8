package views

// ReviewItem is one candidate tool awaiting review, with what the reviewer
// must read before approving it: its rendered contract and, for a changed
// tool, the diff against the version it replaces.
type ReviewItem struct {
	Row        ToolRow
	ImportedBy string
	Mentions   []Mention
	Needs      []Need // capabilities its text asks for that its service lacks
	Exposes    string // what its description says it returns of its server's environment or credentials ("" none)
	Purpose    string // the imported description, which a rewording replaces
	Reword     string // a rewording typed and kept across a refused submission
	Recorded   string // a rewording recorded on the tool's page, which the model reads once available
	Changed    bool
	Diff       []DiffLine
	Own        bool
	Contract   string // the compact rendering, as an agent would read it
	Tokens     int    // the compact rendering's o200k_base tokens
	Risky      bool   // destructive or external-write: needs confirmation
	Assumed    bool   // its effects are MCP's defaults for hints the descriptor leaves out
	Selected   bool   // kept across a refused submission
	Class      string // the effects the reviewer sets: pre-filled with the import's hint, or as typed
	Risk       string // the risk as typed; empty is the one the effects suggest
}

// ReviewGroup gathers candidates of one namespace ("" for native), in
// sets by effects.
type ReviewGroup struct {
	Namespace string
	Sets      []ReviewSet
}

// Count is how many candidates the group holds.
func (g ReviewGroup) Count() int {
	n := 0
	for _, s := range g.Sets {
		n += len(s.Items)
	}
	return n
}

// ReviewSet is the candidates of one namespace with one effects class:
// closed until the reviewer opens it, unless it holds a kept selection or
// the filters leave few tools.
type ReviewSet struct {
	Effects    string
	Items      []ReviewItem
	Open       bool
	Key        string // "<service>/<effects>", the read-all box's value
	ReadAll    bool   // "I have read these" was ticked (a refused submission)
	Selectable int    // items the reviewer may decide (not imported by them)
}

// EffectsCount is how many tools of one effects class a list holds.
type EffectsCount struct {
	Effects string
	N       int
}

// ReviewData is the tool review page's view model.
type ReviewData struct {
	Groups     []ReviewGroup
	CSRF       string
	Errors     []string
	Effects    string // filter
	Namespace  string // filter ("native" for tools without a service)
	EffectsAll []string
	Namespaces []string
	Total      int            // candidates, whatever the filter
	Shown      int            // candidates the filter shows
	ByEffects  []EffectsCount // shown candidates by effects
	Confirmed  bool           // the risky-tools confirmation was ticked
	Reason     string         // the rejection reason as typed
	// ConfirmError and ReasonError repeat a refusal beside the control
	// it is about, in the action bar next to the buttons.
	ConfirmError string
	ReasonError  string
	// Rejected are the tools the import refused (of the service the
	// filter shows), each with its first reason: not reviewable, listed
	// so a refused tool is never invisible.
	Rejected []RejectedTool
	// Pager is the page of the shown candidates this page lists.
	Pager ReviewPager
	// Classes and Risks are the effects classes and risk levels a row's
	// class is set with; Assumed counts the shown candidates classified
	// destructive only because their descriptors state no effects.
	Classes []string
	Risks   []string
	Assumed int
}

// nsSlug names a namespace in test hooks ("native" for tools without one).
func nsSlug(ns string) string {
	if ns == "" {
		return "native"
	}
	return ns
}

// ReviewPager is where a review page is among the shown candidates:
// candidates From..To (1-based) of Of, page Page of Pages, with the
// links to the previous and next pages ("" at either end).
type ReviewPager struct {
	Page, Pages, From, To, Of int
	Prev, Next                string
}

// pluralIt is "it is" for one tool, "they are" for more.
func pluralIt(n int) string {
	if n == 1 {
		return "it is"
	}
	return "they are"
}

// statesOf is "states" for one tool, "state" for more.
func statesOf(n int) string {
	if n == 1 {
		return "states"
	}
	return "state"
}

// pluralThem is "it" for one tool, "them" for more.
func pluralThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// classNote explains a pre-filled class the descriptor did not state.
func classNote(assumed bool) string {
	if assumed {
		return " (pre-filled with the assumed class: the descriptor states no effects)"
	}
	return " (pre-filled from the descriptor's hints)"
}
