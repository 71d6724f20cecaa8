package views

// Delta is a lever's token change, split by group.
type Delta struct {
	Body     int
	Protocol int
	Catalog  int
	Total    int
}

// LeverView is one toggle of the forge with what flipping it would change.
type LeverView struct {
	ID    string // lever id, e.g. tool:exec
	Name  string // form field name
	Value string // form field value
	Label string
	Title string
	On    bool
	Delta Delta
	Note  string
	// NoteTitle explains the note on hover.
	NoteTitle string
	Dormant   bool // on, but without effect (its service is not connected)
	// Quiet is said instead of the delta when flipping changes no token
	// now ("" shows the zeros)
	Quiet string
	// Served: a tool an MCP connection serves, so the gateway lists and
	// calls it (never a code-only helper, which no connection serves)
	Served bool
	// Radio: one of a set of which exactly one is on (picked, not ticked)
	Radio bool
}

// Flip names what the lever's delta is the cost of, the one change a
// click makes: "untick" for a ticked checkbox, "tick" for an unticked
// one, "pick" for a radio not picked ("" for the picked radio: clicking
// it changes nothing).
func (l LeverView) Flip() string {
	switch {
	case l.Radio && l.On:
		return ""
	case l.Radio:
		return "pick"
	case l.On:
		return "untick"
	}
	return "tick"
}

// LeverGroup is a titled group of levers; a service group carries its
// connection lever.
type LeverGroup struct {
	Title string
	// Service is the group's service ("" for a class group) and Served
	// whether an MCP connection serves it, so the gateway can call its
	// tools.
	Service    string
	Served     bool
	Connection *LeverView
	Levers     []LeverView
	Collapsed  bool
}

// SectionRow is one section of the projection.
type SectionRow struct {
	ID     string
	Group  string
	Tokens int
	Reason string
	Text   string
}

// Warning is a fidelity finding: text teaching a tool not in the roster.
// Kind is "tool" (a known tool), "unknown-tool", "exec" or "service".
type Warning struct {
	Kind    string
	Section string
	Tool    string
	Signal  string
	Excerpt string
	// Class is a capability warning's class, said in words by
	// fidelity.NeedWords ("asks to upload").
	Class string
	// Entry and Field say where the phrase was found: the roster tool
	// whose catalog entry holds it and the contract field ("description",
	// "parameter query"); empty outside a tool's entry.
	Entry string
	Field string
}

// SearchHit is a deferred-search result.
type SearchHit struct {
	Name        string
	Description string
}

// ForgeData is the forge's view model.
type ForgeData struct {
	Query       string // canonical URL query of the state
	Encoding    string
	Encodings   []string
	Tier        string
	CatalogForm string
	Deferred    bool
	Pins        string
	// Host is who the projection teaches the reply protocol to: "" the
	// runtime API's text protocol, "mcp" an MCP client through the gateway
	Host string
	// Budgets says the draft has budgets per gateway run (a profile is
	// picked); SearchBudget and CallBudget are them as typed ("": none)
	Budgets                  bool
	SearchBudget, CallBudget string
	Groups                   []LeverGroup
	Options                  []LeverView
	Totals                   Delta
	Channels                 int
	Sections                 []SectionRow
	Largest                  []SectionRow
	Warnings                 []Warning
	// Roster counts the roster's tools that reach the model, Waiting the
	// code-only helpers that wait for exec (instruction.ReachOf)
	Roster, Waiting int
	Declared        int
	Digest          string
	Estimate        bool
	Error           string
	Notes           []string
	Agent           string
	Profile         string
	Agents          []Option
	Profiles        []Option
	RosterNotes     []Warning
	Compare         *Compare
	CanSave         bool
	// SaveOff says why a user who may save sees no Save form ("": none)
	SaveOff string
	// SaveBlocked says why the Save button is off: the draft would be
	// refused as it is ("": it may be saved)
	SaveBlocked string
	BaseVersion int
	CSRF        string
	// Run is the deferred-run simulator (deferred mode only).
	Run *RunSim
	// Subject is the subject picker (an agent is picked).
	Subject *SubjectPickerData
}

// Option is one choice of a select.
type Option struct {
	Value string
	Label string
}

// Compare is the draft against the saved profile version.
type Compare struct {
	Version        int
	Saved          Delta
	Change         Delta
	Added          []string
	Removed        []string
	OptionsChanged []string
}

// Share returns the percentage of total that n is, for the bar.
func (d ForgeData) Share(n int) float64 {
	if d.Totals.Total == 0 {
		return 0
	}
	return float64(n) * 100 / float64(d.Totals.Total)
}

// warningKind names a fidelity finding's kind for the page.
func warningKind(kind string) string {
	switch kind {
	case "unknown-tool":
		return "an unknown tool"
	case "exec":
		return "code execution without"
	case "service":
		return "a service without tools:"
	}
	return "the absent tool"
}

// fieldSuffix is ", its <field>" for a warning's field, "" without one.
func fieldSuffix(field string) string {
	if field == "" {
		return ""
	}
	return ", its " + field
}

// deltaTitle explains a lever's delta on hover: the tokens the click
// flip adds (or, negative, saves), part by part.
func deltaTitle(flip string) string {
	if flip == "" {
		return "tokens: body / protocol / catalog / total (picked: clicking it changes nothing)"
	}
	return "tokens if you " + flip + " it: body / protocol / catalog / total"
}
