package views

// SkillRow is one skill in the list.
type SkillRow struct {
	Slug       string
	Name       string
	Summary    string
	Production int
	Since      string
	Latest     int
	Open       int
}

// SkillVersionRow is one version of a skill.
type SkillVersionRow struct {
	Version    int
	Name       string
	Summary    string
	Author     string
	At         string
	Digest     string
	Production bool
	Latest     bool
	Tools      []string
}

// ProposalRow is one proposal in a list or the review queue.
type ProposalRow struct {
	ID        uint
	Skill     string
	Name      string
	Author    string
	Status    string
	Age       string
	Revision  int
	ChecksOK  bool
	Approvals int
	Required  int
	Blocked   bool
	// ClosedBy is who promoted, rejected or withdrew it ("" while open).
	ClosedBy string
}

// SkillData is a skill page's view model.
type SkillData struct {
	Slug        string
	Versions    []SkillVersionRow
	Production  int
	Since       string
	Proposals   []ProposalRow
	CanPropose  bool
	CanRollback bool
	CSRF        string
	Procedure   string
}

// CheckRow is one automated check's result.
type CheckRow struct {
	Name   string
	OK     bool
	Detail string
}

// ReviewRow is one review of a proposal.
type ReviewRow struct {
	ID        uint
	Reviewer  string
	Kind      string
	Comment   string
	At        string
	Fresh     bool
	Withdrawn bool
	Mine      bool
	// Revision is the revision the review was about; Current the
	// proposal's revision now.
	Revision, Current int
}

// SkillForm is the propose/revise form's state.
type SkillForm struct {
	Slug          string
	Name          string
	Summary       string
	Procedure     string
	RequiredTools string
	Errors        FieldErrors
	// Problems is every error, listed at the top of the form.
	Problems []ErrorItem
	// Picker picks required tools from the catalog.
	Picker   Picker
	New      bool
	Action   string
	Revision int
	// Onto is the production version a rebase's merge is saved onto (0:
	// a plain revision).
	Onto int
	// MaxName and MaxSummary are the bounds the store checks, stated in
	// the labels.
	MaxName, MaxSummary int
}

// ProposalData is a proposal page's view model.
type ProposalData struct {
	ID              uint
	Skill           string
	Status          string
	Author          string
	Revision        int
	Digest          string
	Base            int
	Content         SkillVersionRow
	Procedure       string
	SummaryDiff     []DiffLine
	ProcedureDiff   []DiffLine
	ToolsAdded      []string
	ToolsRemoved    []string
	ProcedureTokens int
	TokenDelta      int
	Checks          []CheckRow
	ChecksOK        bool
	Reviews         []ReviewRow
	Approvals       []string
	Required        int
	ChangeRequests  []string
	CanReview       bool
	CanPromote      bool
	CanReject       bool
	IsAuthor        bool
	Form            SkillForm
	CSRF            string
	Errors          []string
	PromotedVersion int
	// Closed: promoted, rejected or withdrawn. What follows is the
	// frozen record of the close.
	Closed   bool
	ClosedBy string
	ClosedAt string
	Reason   string
	// ApprovedAgainst is the production version it was judged against
	// when it closed (0: none); ApprovedBy the approvals that counted.
	ApprovedAgainst int
	ApprovedBy      []string
	// Selection is, per agent whose selection cases expect this skill,
	// those cases under production and under the proposal.
	Selection []SelectionCompareData
	// Since is the change from an earlier revision to this one (nil when
	// none is compared); Revisions lists the earlier revisions one may
	// compare with.
	Since     *RevisionDiff
	Revisions []int
	// OutOfDate is set while open when production is no longer the
	// version the proposal was based on.
	OutOfDate *OutOfDate
}

// RevisionDiff is what changed from revision From to revision To.
type RevisionDiff struct {
	From, To                 int
	Mine                     bool // From is the viewer's last review
	NameFrom, NameTo         string
	Summary, Procedure       []DiffLine
	ToolsAdded, ToolsRemoved []string
}

// OutOfDate says production moved since a proposal was based on it, what
// promoting it as it is would undo, and the rebase's conflicts once tried.
type OutOfDate struct {
	Base, Production int
	// Undo is production's change since the base, as promoting the
	// proposal unchanged would reverse it (empty: the proposal already
	// holds it).
	Undo      []DiffLine
	CanRebase bool
	Conflicts []MergeConflict
}

// MergeConflict is one region production and the proposal both changed.
type MergeConflict struct {
	Field                    string
	Base, Production, Theirs string
}

// PromoteBlocked says why promotion would be refused now, or "" when it
// may proceed: failing checks, requested changes, missing approvals.
func (d ProposalData) PromoteBlocked() string {
	switch {
	case !d.ChecksOK:
		return "Not yet: the checks fail."
	case len(d.ChangeRequests) > 0:
		return "Not yet: changes requested by " + joinComma(d.ChangeRequests) + "."
	case len(d.Approvals) < d.Required:
		return "Not yet: " + Plural(d.Required-len(d.Approvals), "more fresh approval is", "more fresh approvals are") + " needed."
	}
	return ""
}

// againstLabel names a production version a proposal was judged against.
func againstLabel(n int) string {
	if n == 0 {
		return "none (a new skill)"
	}
	return "v" + Num(n)
}

// productionLabel names what the proposal's changes are measured against:
// today's production while open, the frozen version once closed.
func (d ProposalData) productionLabel() string {
	if d.Closed {
		return "production " + againstLabel(d.ApprovedAgainst)
	}
	return "production"
}

// unchanged reports whether a hunked diff shows no change.
func unchanged(lines []DiffLine) bool {
	for _, l := range lines {
		if l.Op == "+" || l.Op == "-" {
			return false
		}
	}
	return true
}

// SkillVersionData is one version's page: its content and its diff from
// production.
type SkillVersionData struct {
	Slug                       string
	Row                        SkillVersionRow
	Procedure                  string
	Production                 int
	SummaryDiff, ProcedureDiff []DiffLine
	ToolsAdded, ToolsRemoved   []string
	CanRollback                bool
	CSRF                       string
}
