package instruction

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/plural"
)

// deferCatalog turns the prefix's catalog header into the deferred one and
// closes the catalog with the count search can reach.
func deferCatalog(c *Composition, listed, reachable int) {
	for i := range c.Sections {
		s := &c.Sections[i]
		if s.ID != "catalog" {
			continue
		}
		mcp := c.Options.MCP()
		s.Units[0] = lib().unit(fmt.Sprintf("deferred/header/%d/%t", listed, mcp), func() string {
			n := "The tool below can be called now."
			if listed != 1 {
				n = "The " + plural.Count(listed, "tool") + " below can be called now."
			}
			if mcp {
				return fmt.Sprintf("# Tool catalog\n\n%s More tools are available on demand: find them by what they do by calling the %s tool; the tools it finds join your tool list, and you call them like any other tool.\n\n", n, SearchToolID)
			}
			return fmt.Sprintf("# Tool catalog\n\n%s More tools are available on demand: find them with %s by what they do, then call them from your next reply.\n\n", n, SearchToolID)
		})
		s.Units = append(s.Units, lib().unit(fmt.Sprintf("deferred/reachable/%d", reachable), func() string {
			return fmt.Sprintf("%s reachable through %s.\n\n", plural.CountForms(reachable, "more tool is", "more tools are"), SearchToolID)
		}))
		s.Reason = fmt.Sprintf("deferred, %s form: %d listed (search_tools, always-on tools, pins), %d reachable through search", c.Options.CatalogForm, listed, reachable)
		return
	}
}

// activatedSection is everything the step's activated tools teach that the
// prefix does not: gated blocks whose capability only the activated tools
// bring, the code channel, newly connected services and newly qualifying
// skills, then their catalog entries and helpers.
func activatedSection(c *Composition, pre Input, activated, helpers []*catalog.Entry, services []string) Section {
	opts := pre.Options
	preGate := NewGate(Facts{Roster: pre.Roster, Services: pre.Services, Skills: c.Skills})
	all := append(append(append([]*catalog.Entry{}, pre.Roster...), activated...), helpers...)
	allServices := append(append([]string{}, pre.Services...), services...)
	skills := qualifyingSkills(pre.Skills, all)
	gate := NewGate(Facts{Roster: all, Services: allServices, Skills: skills})
	ids := make([]string, len(activated))
	for i, e := range activated {
		ids[i] = e.ID()
	}
	s := Section{ID: SectionActivated, Group: GroupCatalog, Reason: fmt.Sprintf("activated by search receipts: %s", strings.Join(ids, ", "))}
	// an MCP client's model calls a tool through its client, whose tool
	// list now holds it: the header speaks of tool calls, not replies
	s.Units = append(s.Units, lib().unit(fmt.Sprintf("activated/header/%s/%d", opts.Host, len(activated)), func() string {
		call := "Call them by their exact ids from this reply on, until a new search replaces them."
		if len(activated) == 1 {
			call = "Call it by its exact id from this reply on, until a new search replaces it."
		}
		if opts.MCP() {
			call = "They are in your tool list now: call them by their exact ids until a new search replaces them."
			if len(activated) == 1 {
				call = "It is in your tool list now: call it by its exact id until a new search replaces it."
			}
		}
		return fmt.Sprintf("# Activated tools\n\nYour latest search activated %s, described below. %s\n\n", countOf(len(activated), "more tool", "more tools"), call)
	}))
	channels := len(ProtocolFor(gate).Channels)
	add := func(b Block) {
		c.Rules = append(c.Rules, b.Rules...)
		s.Units = append(s.Units, b.render(gate, channels))
	}
	for _, b := range lib().plan[opts.Tier] {
		if gate.holds(b.req) && !preGate.holds(b.req) {
			add(hostVariant(b, opts.Tier, opts))
		}
	}
	if gate.Has(CapExec) && !preGate.Has(CapExec) {
		if code, ok := lib().blocks.variantFor("protocol.code", opts.Tier, opts); ok {
			channels := "thinking, action, final and code"
			if opts.MCP() {
				channels = "thinking, tool use, reply and code"
			}
			s.Units = append(s.Units, catalog.NewUnit("## The code channel\n\nWith exec active, the reply protocol has 4 channel types: "+channels+".\n\n"))
			add(code)
		}
	}
	if len(services) > 0 {
		// the services were connected all along: what is new is that
		// their tools are in the step now
		if b, ok := lib().blocks.variant("services", opts.Tier); ok && !preGate.Has(CapServices) {
			add(b)
		}
		s.Units = append(s.Units, catalog.NewUnit(fmt.Sprintf("Connected services with tools activated here: %s.\n\n", strings.Join(services, ", "))))
	}
	var newSkills []Skill
	for _, k := range skills {
		if !containsSkill(c.Skills, k.Slug) {
			newSkills = append(newSkills, k)
		}
	}
	if len(newSkills) > 0 {
		if b, ok := lib().blocks.variant("skills", opts.Tier); ok && !preGate.Has(CapSkills) {
			add(b)
		} else {
			s.Units = append(s.Units, catalog.NewUnit("More skills can be used now:\n\n"))
		}
		for i, k := range newSkills {
			sep := "\n"
			if i == len(newSkills)-1 {
				sep = "\n\n"
			}
			s.Units = append(s.Units, catalog.NewUnit(fmt.Sprintf("- %s (slug %s, version %d): %s%s", k.Name, k.Slug, k.Version, oneLine(k.Summary), sep)))
		}
		c.Skills = append(c.Skills, newSkills...)
	}
	for _, e := range activated {
		s.Units = append(s.Units, entryUnit(e, opts.CatalogForm, pre.ApprovalOnly))
	}
	if len(newSkills) > 0 && !preGate.Has(CapSkills) {
		loader, _ := lib().synthetic.Get(LoadSkillToolID)
		s.Units = append(s.Units, loader.Render(opts.CatalogForm))
	}
	if len(helpers) > 0 {
		s.Units = append(s.Units, catalog.NewUnit("## Code-only helpers\n\n"+codeOnlyNote(opts)))
		for _, e := range helpers {
			s.Units = append(s.Units, entryUnit(e, opts.CatalogForm, pre.ApprovalOnly))
		}
	}
	return s
}

func containsSkill(ks []Skill, slug string) bool {
	for _, k := range ks {
		if k.Slug == slug {
			return true
		}
	}
	return false
}
