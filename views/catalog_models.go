package views

import "strings"

// ToolRow is one tool in the catalog list.
type ToolRow struct {
	ID       string
	Title    string
	Class    string
	Effects  string
	CodeOnly bool
	AlwaysOn bool
	Status   string
	Source   string
	Version  string
	Digest   string
}

// CatalogData is the catalog page's view model.
type CatalogData struct {
	Rows       []ToolRow
	Total      int
	Query      string
	Class      string
	Effects    string
	Namespace  string
	Status     string
	Classes    []string
	EffectsAll []string
	Namespaces []string
	CanImport  bool
	CanReview  bool
	Candidates int
	// Matched is how many tools the filters match; Rows holds one page of
	// them, From..To (1-based) of page Page of Pages.
	Matched  int
	Page     int
	Pages    int
	From, To int
	PrevURL  string
	NextURL  string
}

// FormCount is one rendering's token count in one encoding.
type FormCount struct {
	Encoding string
	Tokens   int
}

// ParamRow is one parameter line of a contract, nested ones indented.
type ParamRow struct {
	Depth       int
	Name        string
	Facts       string
	Description string
}

// Mention is another tool a contract's text teaches.
type Mention struct {
	Tool    string
	Signal  string
	Excerpt string
}

// Need is an instruction a tool's text gives the agent that needs a
// capability neither the tool nor its service provides: the phrase, the
// class it needs and what the reviewer can do.
type Need struct {
	// Class is the checker's label ("action:upload"); a page shows it as
	// fidelity.NeedWords says it ("asks to upload"), never as it is.
	Class      string
	Signal     string
	Excerpt    string
	Suggestion string
	// Field is where the phrase is: "description", "parameter NAME",
	// "returns", "example N".
	Field string
}

// ToolData is the tool page's view model.
type ToolData struct {
	Row          ToolRow
	Purpose      string
	Params       []ParamRow
	Returns      string
	Constraints  []string
	Signals      []string
	Full         string
	Compact      string
	FullTokens   []FormCount
	CompactCount []FormCount
	ImportedBy   string
	ImportedAt   string
	// Connection is the MCP connection serving the tool's namespace
	// ("": none); ConnectionLink whether the viewer may open its page.
	Connection     string
	ConnectionLink bool
	ReviewedBy     string
	ReviewedAt     string
	Mentions       []Mention
	// Needs are what its text asks of the agent that neither it nor the
	// other tools of its service provide (the leak check).
	Needs []Need
	// Exposes is what its imported description says it returns of its
	// server's environment or credentials ("" none).
	Exposes string
	// Reword is the tool's reviewed description and its form.
	Reword RewordData
	// ParamReword is the reviewed descriptions of its parameters and
	// their form.
	ParamReword ParamRewordData
	Diff        []DiffLine
	// Ledger is the capability-ledger entry and classification form.
	Ledger *LedgerData
	// Bindings lists the tool's live bindings (nil: the viewer may not
	// see them).
	Bindings *BindingsData
	// Hints are the tool's search hints and their proposals.
	Hints *HintsData
	// Rejection is why the import refused the tool (nil for a tool that
	// imported): every reason and the descriptor as its server sent it.
	Rejection *Rejection
	// Members are the descriptor's members its format does not define,
	// as indented JSON ("" when none): kept for the reviewer, never shown
	// to the model.
	Members string
}

// Rejection is a tool refused at import, with its evidence.
type Rejection struct {
	Reasons    []Problem
	Descriptor string
}

// DiffLine is one line of a line diff: Op is " ", "+" or "-".
type DiffLine struct {
	Op   string
	Text string
}

// Problem is one import validation finding.
type Problem struct {
	Tool    string
	Field   string
	Message string
}

// maxOpenWarnings is how many import warnings show unfolded; a longer
// list (a server with hundreds of undescribed parameters) starts folded
// under its count, so the preview's confirm button stays in reach.
const maxOpenWarnings = 20

// ImportForm is the import page's state.
type ImportForm struct {
	Format    string
	Namespace string
	Document  string
	// Strict refuses the whole document when one tool is refused (MCP
	// and OpenAI; the console's own format always is all or nothing).
	Strict   bool
	Problems []Problem
	// Warnings do not stop the import: properties without a description.
	Warnings []Problem
	Errors   FieldErrors
	CSRF     string
}

// ImportChange is a changed contract in an import preview.
type ImportChange struct {
	ID   string
	Diff []DiffLine
}

// ImportPreviewData is what an import would do.
type ImportPreviewData struct {
	Form    ImportForm
	Added   []ToolRow
	Changed []ImportChange
	// Renderings shows every added and changed contract as rendered.
	Renderings []RenderedContract
	Removed    []string
	Unchanged  int
	Digest     string
	Empty      bool
	// Rejected are the document's tools refused on their own, with their
	// reasons; the rest imports without them.
	Rejected []RejectedTool
	// Losses are the available tools the import changes, which go back to
	// review, with the agents and profiles that lose them until then.
	Losses []ImportLoss
	// Exposes are the added and changed tools whose descriptions say they
	// return their server's environment or credentials.
	Exposes []ExposedTool
}

// Exposing says what the tool's description says it returns of secrets,
// "" when nothing (or it is not among d.Exposes).
func (d ImportPreviewData) Exposing(id string) string {
	for _, x := range d.Exposes {
		if x.ID == id {
			return x.What
		}
	}
	return ""
}

// ImportLoss is an available tool an import sends back to review and who
// loses it meanwhile.
type ImportLoss struct {
	Tool     string
	Agents   []string
	Profiles []string
}

// Who says who loses the tool: "agent: a; 2 profiles: p, q".
func (l ImportLoss) Who() string {
	var parts []string
	if len(l.Agents) > 0 {
		parts = append(parts, Noun(len(l.Agents), "agent", "agents")+": "+strings.Join(l.Agents, ", "))
	}
	if len(l.Profiles) > 0 {
		parts = append(parts, Noun(len(l.Profiles), "profile", "profiles")+": "+strings.Join(l.Profiles, ", "))
	}
	return strings.Join(parts, "; ")
}

// Noun is one or many by the count n, without the count.
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// RejectedTool is a tool an import refuses, with every reason.
type RejectedTool struct {
	Name    string
	ID      string // "" when its name can make no console id (reported, not stored)
	Index   int
	Reasons []Problem
}

// WarningKinds sums up import warnings by kind, in words: "18 parameters
// without a description, 54 non-standard keywords kept verbatim, 1
// unknown tool member kept".
func WarningKinds(ws []Problem) string {
	var desc, nonStd, member, other int
	for _, w := range ws {
		switch {
		case strings.Contains(w.Message, "has no description"):
			desc++
		case strings.Contains(w.Message, "non-standard keyword"):
			nonStd++
		case strings.Contains(w.Message, "not a member of the format"):
			member++
		default:
			other++
		}
	}
	var parts []string
	add := func(n int, one, many string) {
		if n > 0 {
			parts = append(parts, Plural(n, one, many))
		}
	}
	add(desc, "parameter without a description", "parameters without a description")
	add(nonStd, "non-standard keyword kept verbatim", "non-standard keywords kept verbatim")
	add(member, "unknown tool member kept for the reviewer", "unknown tool members kept for the reviewer")
	add(other, "other warning", "other warnings")
	return strings.Join(parts, ", ")
}

// sourceEnd ends the Source line's import clause: a ";" when a
// connection clause follows, glued to the time so no space comes before
// it.
func (d ToolData) sourceEnd() string {
	if d.Connection != "" {
		return ";"
	}
	return ""
}
