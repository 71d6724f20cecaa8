package instruction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/memo"
)

// Section groups.
const (
	GroupBody     = "body"
	GroupProtocol = "protocol"
	GroupCatalog  = "catalog"
)

// Groups lists the section groups in order.
var Groups = []string{GroupBody, GroupProtocol, GroupCatalog}

// Section is one part of the instruction. Its text is the concatenation of
// its units, each of which starts with a non-whitespace character and ends
// with its newline separator, so token counts add up exactly.
type Section struct {
	ID     string
	Group  string
	Reason string
	Units  []catalog.Unit
}

// Text is the section's full text.
func (s Section) Text() string {
	n := 0
	for _, u := range s.Units {
		n += len(u.Text)
	}
	var b strings.Builder
	b.Grow(n)
	for _, u := range s.Units {
		b.WriteString(u.Text)
	}
	return b.String()
}

// Composition is a composed instruction: its normalized input, the reply
// protocol, the worked example shown, and the ordered sections.
type Composition struct {
	entries  []*catalog.Entry
	Services []string
	Skills   []Skill
	Options  Options
	Protocol Protocol
	Example  WorkedExample
	Rules    []string
	Sections []Section
	// Unusable lists roster tools the instruction may not name: code-only
	// helpers when there is no code channel; in a deferred step, every tool
	// outside the step's active set.
	Unusable []string
	// Active lists a deferred step's active tools (always-on, pins, then
	// activated), search_tools and code-only helpers aside.
	Active []string
	gate   Gate
	// approval reports the tools taught with the approval mark.
	approval func(id string) bool
}

// entryUnit is an entry as the composition teaches it: with the approval
// mark when the subject may call the tool only with a person's approval.
func entryUnit(e *catalog.Entry, form string, approval func(id string) bool) catalog.Unit {
	if approval != nil && approval(e.ID()) {
		return e.RenderMarked(form)
	}
	return e.Render(form)
}

// ApprovalOnly lists the roster tools the text marks as asking for
// approval before they run, in roster order.
func (c Composition) ApprovalOnly() []string {
	var out []string
	if c.approval == nil {
		return nil
	}
	for _, e := range c.entries {
		if c.approval(e.ID()) {
			out = append(out, e.ID())
		}
	}
	return out
}

// Has reports whether the gate found the capability in this composition's
// roster: what the text may teach and refer to.
func (c Composition) Has(cp Capability) bool { return c.gate.Has(cp) }

// Roster lists the composed roster's tool ids, in order.
func (c Composition) Roster() []string {
	out := make([]string, len(c.entries))
	for i, e := range c.entries {
		out[i] = e.ID()
	}
	return out
}

// Channels is the number of channel types of the reply protocol.
func (c Composition) Channels() int { return len(c.Protocol.Channels) }

// Text is the whole instruction.
func (c Composition) Text() string {
	n := 0
	for _, s := range c.Sections {
		for _, u := range s.Units {
			n += len(u.Text)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range c.Sections {
		for _, u := range s.Units {
			b.WriteString(u.Text)
		}
	}
	return b.String()
}

// Section finds a section by id.
func (c Composition) Section(id string) (Section, bool) {
	for _, s := range c.Sections {
		if s.ID == id {
			return s, true
		}
	}
	return Section{}, false
}

// servicesUnits memoizes the connected-services line per list.
var servicesUnits = memo.NewBounded[string, catalog.Unit](1024)

// skillUnits memoizes a listed skill's line: every composition of an
// agent with skills lists them, and a forge toggle or a distinct request
// composes several.
var skillUnits = memo.NewBounded[skillLineKey, catalog.Unit](1024)

// skillLineKey is what a skill's line is written from; last: it closes
// the list (a blank line after it).
type skillLineKey struct {
	name, slug, summary string
	version             int
	last                bool
}

// unit writes the line.
func (k skillLineKey) unit() catalog.Unit {
	sep := "\n"
	if k.last {
		sep = "\n\n"
	}
	return catalog.NewUnit(fmt.Sprintf("- %s (slug %s, version %d): %s%s", k.name, k.slug, k.version, oneLine(k.summary), sep))
}

// bodyPlan is the order of the gated body blocks, stable prefix first.
var bodyPlan = []string{"body.core", "body.exec.codegen", "body.exec.artifacts", "capability.exec", "capability.render", "capability.web"}

// Compose builds the instruction for the input. It is pure and
// deterministic.
func Compose(in Input) (Composition, error) {
	opts := in.Options
	if err := opts.Validate(); err != nil {
		return Composition{}, err
	}
	if opts.Deferred {
		return composeStep(in)
	}
	roster := in.Roster
	if !in.unique {
		roster = dedupe(in.Roster)
	}
	skills := qualifyingSkills(in.Skills, roster)
	services := dedupeStrings(in.Services)
	g := NewGate(Facts{Roster: roster, Services: services, Skills: skills})
	c := Composition{entries: roster, Services: services, Skills: skills, Options: opts, Protocol: ProtocolFor(g), gate: g, approval: in.ApprovalOnly}
	if in.scratch != nil {
		c.Sections = in.scratch.sections[:0]
	} else {
		c.Sections = make([]Section, 0, 12)
	}
	c.Options.Pins = pinsIn(opts.Pins, roster)
	if !g.Has(CapExec) {
		for _, e := range roster {
			if e.CodeOnly() {
				c.Unusable = append(c.Unusable, e.ID())
			}
		}
	}
	composeHead(&c, g, roster, opts.Tier, !in.noReasons)
	c.Sections = append(c.Sections, catalogSections(roster, g, opts, in.ApprovalOnly, !in.noReasons, in.scratch)...)
	if in.scratch != nil {
		in.scratch.sections = c.Sections[:0]
	}
	return c, nil
}

// composeHead appends the sections before the catalog to c.Sections: the
// body blocks, the protocol, the services and the skills, in the tier's
// variants (with their reasons and rules when reasons is set). Only they
// depend on the tier.
func composeHead(c *Composition, g Gate, roster []*catalog.Entry, tier string, reasons bool) {
	skills := c.Skills
	channels := len(c.Protocol.Channels)
	add := func(b Block, reason string) {
		if reasons {
			c.Rules = append(c.Rules, b.Rules...)
		}
		c.Sections = append(c.Sections, Section{ID: b.ID, Group: groupOf(b.ID), Reason: reason, Units: b.renderUnits(g, channels)})
	}
	for _, b := range lib().plan[tier] {
		if g.holds(b.req) {
			b = hostVariant(b, tier, c.Options)
			reason := ""
			if reasons {
				reason = reasonFor(g, b.Requires, tier, b.ID)
			}
			add(b, reason)
		}
	}
	c.Sections = append(c.Sections, protocolSection(c, g, roster, tier, reasons))
	if b, ok := lib().blocks.variant("services", tier); ok && g.Has(CapServices) {
		reason := ""
		if reasons {
			reason = g.Reason(CapServices)
		}
		add(b, reason)
		last := &c.Sections[len(c.Sections)-1]
		list := strings.Join(g.Services(), ", ")
		last.Units = append(last.Units, servicesUnits.Get(list, func() catalog.Unit {
			return catalog.NewUnit(fmt.Sprintf("Connected services with tools listed here: %s.\n\n", list))
		}))
	}
	if b, ok := lib().blocks.variant("skills", tier); ok && g.Has(CapSkills) {
		reason := ""
		if reasons {
			reason = g.Reason(CapSkills)
		}
		add(b, reason)
		last := &c.Sections[len(c.Sections)-1]
		for i, s := range skills {
			k := skillLineKey{name: s.Name, slug: s.Slug, summary: s.Summary, version: s.Version, last: i == len(skills)-1}
			last.Units = append(last.Units, skillUnits.Get(k, k.unit))
		}
	}
}

// protocolSection is the reply protocol with its worked example; its reason
// is worded and its rules listed only when reasons are shown.
func protocolSection(c *Composition, g Gate, roster []*catalog.Entry, tier string, reasons bool) Section {
	// at most three units: the intro, the code channel, the worked example
	s := Section{ID: "protocol", Group: GroupProtocol, Units: make([]catalog.Unit, 0, 3)}
	if reasons {
		s.Reason = "always; " + strconv.Itoa(len(c.Protocol.Channels)) + " channel types"
	}
	intro, _ := lib().blocks.variantFor("protocol", tier, c.Options)
	if reasons {
		c.Rules = append(c.Rules, intro.Rules...)
	}
	n := len(c.Protocol.Channels)
	s.Units = append(s.Units, intro.render(g, n))
	if code, ok := lib().blocks.variantFor("protocol.code", tier, c.Options); ok && g.holds(code.req) {
		if reasons {
			c.Rules = append(c.Rules, code.Rules...)
		}
		s.Units = append(s.Units, code.render(g, n))
		if reasons {
			s.Reason = "always; code channel because " + g.Reason(CapExec)
		}
	}
	ex := workedExample(g, roster)
	c.Example = ex.ex
	if c.Options.MCP() {
		s.Units = append(s.Units, ex.mcpUnit())
	} else {
		s.Units = append(s.Units, ex.unit)
	}
	return s
}
