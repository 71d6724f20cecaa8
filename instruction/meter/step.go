package meter

import (
	"strings"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// StepProjection is one step of a deferred run, measured: the projection
// (without levers: a runtime takes steps, it does not flip levers), the
// step's active tools and the tokens of the stable prefix, which a
// provider's prompt cache can reuse from the previous step.
type StepProjection struct {
	Projection
	Active       []string `json:"active"`
	PrefixTokens int      `json:"prefix_tokens"`
}

// ProjectStep composes a deferred step of the draft (its Activated tools
// set; Options.Deferred is forced on) and measures it, linting the text
// against the step's active set (a nil checker skips the check).
func (m *Meter) ProjectStep(enc string, d instruction.Draft, checker *fidelity.Checker) (StepProjection, instruction.Composition, error) {
	d.Options.Deferred = true
	c, err := instruction.Compose(d.Input())
	if err != nil {
		return StepProjection{}, c, err
	}
	if !ValidEncoding(enc) {
		return StepProjection{}, c, &instruction.FieldError{Field: "encoding", Message: "\"" + enc + "\" is not one of o200k_base, cl100k_base"}
	}
	counts, totals, err := m.Measure(enc, c)
	if err != nil {
		return StepProjection{}, c, err
	}
	p := StepProjection{Projection: describe(enc, c, counts, totals, checker), Active: nonNil(c.Active)}
	p.Levers = []Lever{}
	for i, s := range c.Sections {
		if s.ID == instruction.SectionActivated {
			break
		}
		p.PrefixTokens += counts[i]
	}
	return p, c, nil
}

// describe builds a projection's header, sections, text and warnings from
// a measured composition.
func describe(enc string, c instruction.Composition, counts []int, totals Totals, checker *fidelity.Checker) Projection {
	// the whole text is written once and each section's text (s.Text(),
	// its units' texts in order) is a slice of it: writing the sections
	// and then the whole copied the text twice
	ends := make([]int, len(c.Sections))
	size := 0
	for i, s := range c.Sections {
		for _, u := range s.Units {
			size += len(u.Text)
		}
		ends[i] = size
	}
	var b strings.Builder
	b.Grow(size)
	for _, s := range c.Sections {
		for _, u := range s.Units {
			b.WriteString(u.Text)
		}
	}
	text := b.String()
	texts := make([]string, len(c.Sections))
	start := 0
	for i, end := range ends {
		texts[i], start = text[start:end], end
	}
	p := Projection{
		Header: Header{Encoding: enc, Tier: c.Options.Tier, CatalogForm: c.Options.CatalogForm, Deferred: c.Options.Deferred,
			Pins: nonNil(c.Options.Pins), Roster: nonNil(c.Roster()), Services: nonNil(c.Services), Skills: c.Skills, Channels: c.Channels()},
		Totals: totals, Text: text, Digest: textDigest(c, text), Warnings: []fidelity.Finding{},
		Sections: make([]SectionView, 0, len(c.Sections)),
	}
	if p.Skills == nil {
		p.Skills = []instruction.Skill{}
	}
	for i, s := range c.Sections {
		p.Sections = append(p.Sections, SectionView{ID: s.ID, Group: s.Group, Tokens: counts[i], Reason: s.Reason, Text: texts[i]})
	}
	if checker != nil {
		if w := checker.CheckComposition(c); w != nil {
			p.Warnings = w
		}
	}
	return p
}
