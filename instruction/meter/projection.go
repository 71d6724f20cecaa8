package meter

import (
	"strings"

	"github.com/agentforge/console/instruction"
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
	Sections []SectionView         `json:"sections"`
	Totals   Totals                `json:"totals"`
	Levers   []Lever               `json:"levers"`
	Warnings []instruction.Finding `json:"warnings"`
	Text     string                `json:"text"`
	Digest   string                `json:"digest"`
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
// every lever's delta and the fidelity warnings of the linter (nil skips
// linting).
func (m *Meter) Project(enc string, d instruction.Draft, linter *instruction.Linter) (Projection, instruction.Composition, error) {
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
	texts := make([]string, len(c.Sections))
	size := 0
	for i, s := range c.Sections {
		texts[i] = s.Text()
		size += len(texts[i])
	}
	var b strings.Builder
	b.Grow(size)
	for _, t := range texts {
		b.WriteString(t)
	}
	text := b.String()
	p := Projection{
		Header: Header{Encoding: enc, Tier: c.Options.Tier, CatalogForm: c.Options.CatalogForm, Deferred: c.Options.Deferred,
			Pins: nonNil(c.Options.Pins), Roster: nonNil(c.Roster()), Services: nonNil(c.Services), Skills: c.Skills, Channels: c.Channels()},
		Totals: totals, Levers: levers, Text: text, Digest: instruction.Digest(text), Warnings: []instruction.Finding{},
	}
	if p.Skills == nil {
		p.Skills = []instruction.Skill{}
	}
	for i, s := range c.Sections {
		p.Sections = append(p.Sections, SectionView{ID: s.ID, Group: s.Group, Tokens: counts[i], Reason: s.Reason, Text: texts[i]})
	}
	if linter != nil {
		if w := linter.LintComposition(c); w != nil {
			p.Warnings = w
		}
	}
	return p, c, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
