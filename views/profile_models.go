package views

// ProfileRow is one profile in a list.
type ProfileRow struct {
	Slug  string
	Name  string
	Agent string
	// DefaultOf lists the agents whose default profile this is (set on
	// each agent's page, the one place).
	DefaultOf []string
	Version   int
	Tools     int
	Total     int // live, for Agent in o200k_base; 0 without an agent
	Saved     int // recorded at save time
	Updated   string
}

// VersionRow is one version in a profile's history.
type VersionRow struct {
	Version  int
	Author   string
	At       string
	Message  string
	Tools    []string
	Options  string
	Totals   Delta  // live: composed now for Agent in Encoding
	Agent    string // the agent the totals are for; "" when the profile has none
	Encoding string
	Saved    Delta // recorded when the version was saved (o200k_base)
	Current  bool
	// Status is "" for a version used when saved, else pending, approved
	// or rejected (a save that needed review); Base is what it was made
	// from, ReviewedBy who decided it.
	Status     string
	Base       int
	ReviewedBy string
}

// ProfileData is a profile page's view model.
type ProfileData struct {
	Slug       string
	Name       string
	Agent      string
	Current    VersionRow
	History    []VersionRow
	CanEdit    bool
	CSRF       string
	Form       ProfileForm
	Undeclared []string
	// DefaultOf lists the agents whose default profile this is.
	DefaultOf []string
	// ReviewBy lists the agents whose admin chose that a save of this
	// profile waits for a reviewer (none: saves are used at once).
	ReviewBy []string
	// Pending lists the versions awaiting review, newest first.
	Pending   []VersionRow
	CanReview bool
	Viewer    string
}

// ProfileForm is the create/edit form's state.
type ProfileForm struct {
	Slug        string
	Name        string
	Agent       string
	Tools       string // one id per line, in order
	Tier        string
	CatalogForm string
	Deferred    bool
	Pins        string
	Message     string
	// budgets of a gateway run, as typed ("" or "0": none)
	SearchBudget string
	CallBudget   string
	Base         int
	Errors       FieldErrors
	Agents       []Option
	// Summary is every error, listed at the top of the form.
	Summary []ErrorItem
	// ToolPicker and PinPicker pick tools and pins from the catalog.
	ToolPicker, PinPicker Picker
}

// ConflictData shows a stale save.
type ConflictData struct {
	Slug    string
	Base    int
	Current VersionRow
	Yours   []string
	Added   []string
	Removed []string
	Retry   string
}
