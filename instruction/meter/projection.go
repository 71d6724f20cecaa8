package meter

import (
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// SectionView is a section with its token count, as the forge, the CLI
// and the API show it.
type SectionView struct {
	ID     string `json:"id"`
	Group  string `json:"group"`
	Tokens int    `json:"tokens"`
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

// Projection is a composed instruction with every count: what the forge
// shows, `console compose --json` prints and the runtime API serves.
type Projection struct {
	Header
	Sections []SectionView      `json:"sections"`
	Totals   Totals             `json:"totals"`
	Levers   []Lever            `json:"levers"`
	Warnings []fidelity.Finding `json:"warnings"`
	Text     string             `json:"text"`
	Digest   string             `json:"digest"`
}

// Header is what a projection was composed from: the agent and profile,
// the options and the roster. A receipt records it beside the text.
type Header struct {
	Agent          string              `json:"agent,omitempty"`
	Profile        string              `json:"profile,omitempty"`
	ProfileVersion int                 `json:"profile_version,omitempty"`
	Encoding       string              `json:"encoding"`
	Tier           string              `json:"tier"`
	CatalogForm    string              `json:"catalog_form"`
	Deferred       bool                `json:"deferred"`
	Pins           []string            `json:"pins"`
	Roster         []string            `json:"roster"`
	Services       []string            `json:"services"`
	Skills         []instruction.Skill `json:"skills"`
	Channels       int                 `json:"channels"`
}

// Project composes the draft and measures it: section counts, totals,
// every lever's delta and the fidelity warnings of the checker (nil skips
// linting).
func (m *Meter) Project(enc string, d instruction.Draft, checker *fidelity.Checker) (Projection, instruction.Composition, error) {
	c, err := instruction.Compose(d.Input())
	if err != nil {
		return Projection{}, c, err
	}
	if !ValidEncoding(enc) {
		return Projection{}, c, &instruction.FieldError{Field: "encoding", Message: "\"" + enc + "\" is not one of o200k_base, cl100k_base"}
	}
	counts, totals, err := m.Measure(enc, c)
	if err != nil {
		return Projection{}, c, err
	}
	levers, err := m.Levers(enc, d, c, counts, totals)
	if err != nil {
		return Projection{}, c, err
	}
	p := describe(enc, c, counts, totals, checker)
	p.Levers = levers
	return p, c, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
