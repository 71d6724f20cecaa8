package views

// ReviewItem is one candidate tool awaiting review, with what the reviewer
// must read before approving it: its rendered contract and, for a changed
// tool, the diff against the version it replaces.
type ReviewItem struct {
	Row        ToolRow
	ImportedBy string
	Mentions   []Mention
	Changed    bool
	Diff       []DiffLine
	Own        bool
	Contract   string // the compact rendering, as an agent would read it
	Tokens     int    // the compact rendering's o200k_base tokens
	Risky      bool   // destructive or external-write: needs confirmation
	Selected   bool   // kept across a refused submission
}

// ReviewGroup gathers candidates of one namespace ("" for native).
type ReviewGroup struct {
	Namespace string
	Items     []ReviewItem
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
}
