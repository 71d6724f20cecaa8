package instruction

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/memo"
	"github.com/agentforge/console/instruction/plural"
)

// SectionActivated is the id of a deferred step's activation section.
// Everything before it is the run's stable prefix.
const SectionActivated = "activated"

// composeStep composes one step of a deferred run (the composition rules and the deferred-run rules).
// in.Roster is the run's surface; in.Activated names the tools valid
// search receipts activated for this step. The text is conditioned on the
// step's active tools only:
//
//   - the stable prefix is the plain composition of the tools active on
//     every step — search_tools, the always-on tools and the pins (with
//     their code-only helpers when exec is among them) — and so is
//     byte-identical across the steps of a run;
//   - what the activated tools teach (capability blocks, the code channel
//     when exec activates, services, skills, catalog entries, code-only
//     helpers) follows in one `activated` section.
//
// A tool reachable only through search is not mentioned anywhere.
func composeStep(in Input) (Composition, error) {
	opts := in.Options
	roster := in.Roster
	if !in.unique {
		roster = dedupe(in.Roster)
	}
	pins := pinsIn(opts.Pins, roster)
	isPin := make(map[string]bool, len(pins))
	for _, p := range pins {
		isPin[p] = true
	}
	inPrefix := func(c *catalog.Contract) bool { return !c.CodeOnly && (c.AlwaysOn || isPin[c.ID]) }
	var prefix, helpers []*catalog.Entry
	activated := make([]*catalog.Entry, len(in.Activated))
	execPrefix, execActivated, reachable := false, false, 0
	for _, e := range roster {
		c := e.Contract()
		switch {
		case c.CodeOnly:
			helpers = append(helpers, e)
		case inPrefix(&c):
			prefix = append(prefix, e)
			execPrefix = execPrefix || c.ID == "exec"
		default:
			reachable++
			// activation names are few: a scan beats indexing the roster
			for i, id := range in.Activated {
				if id == c.ID && activated[i] == nil {
					activated[i] = e
					execActivated = execActivated || id == "exec"
				}
			}
		}
	}
	n := 0
	for i, e := range activated {
		switch {
		case e != nil:
			activated[n] = e
			n++
		case !contains(in.Activated[:i], in.Activated[i]) && !isPin[in.Activated[i]] && !isPrefixID(prefix, in.Activated[i]):
			return Composition{}, &FieldError{"activated", fmt.Sprintf("%q is not a tool search can reach in this roster", in.Activated[i])}
		}
	}
	activated = activated[:n]
	// search_tools leads the prefix, unless search can reach nothing: then
	// the step is the plain composition of what is always active
	var preRoster []*catalog.Entry
	if reachable > 0 {
		search, _ := lib().synthetic.Get(SearchToolID)
		preRoster = append(preRoster, search)
	}
	preRoster = append(preRoster, prefix...)
	if execPrefix {
		preRoster = append(preRoster, helpers...)
	}
	connected := map[string]bool{}
	for _, ns := range in.Services {
		connected[ns] = true
	}
	preServices := namespacesOf(preRoster, connected, nil)
	pre := Input{Roster: preRoster, Services: preServices, Skills: in.Skills, unique: true, ApprovalOnly: in.ApprovalOnly,
		Options: Options{Tier: opts.Tier, CatalogForm: opts.CatalogForm, Host: opts.Host}}
	c, err := stablePrefix(pre, reachable, func() (Composition, error) {
		c, err := Compose(pre)
		if err == nil && reachable > 0 {
			deferCatalog(&c, len(preRoster)-len(helpersIf(execPrefix, helpers)), reachable)
		}
		return c, err
	})
	if err != nil {
		return c, err
	}

	active := append(append([]*catalog.Entry{}, preRoster...), activated...)
	if execActivated {
		active = append(active, helpers...)
	}
	c.Active = make([]string, 0, len(active))
	for _, e := range active {
		if k := e.Contract(); !k.CodeOnly && k.ID != SearchToolID {
			c.Active = append(c.Active, e.ID())
		}
	}
	if len(activated) > 0 {
		newServices := namespacesOf(activated, connected, preServices)
		s := activatedSection(&c, pre, activated, helpersIf(execActivated, helpers), newServices)
		c.Sections = append(c.Sections, s)
		if execActivated {
			c.Protocol = Protocol{Channels: []string{ChannelThinking, ChannelAction, ChannelFinal, ChannelCode}}
		}
	}
	// what the text may refer to is what the step's active set brings
	c.gate = NewGate(Facts{Roster: active, Services: namespacesOf(active, connected, nil), Skills: c.Skills})
	// the composition describes the surface; what this step may not name
	// is everything outside its active set
	c.entries = roster
	c.Services = dedupeStrings(in.Services)
	opts.Deferred, opts.Pins = true, pins
	c.Options = opts
	c.approval = in.ApprovalOnly
	activeSet := make(map[string]bool, len(active))
	for _, e := range active {
		activeSet[e.ID()] = true
	}
	c.Unusable = nil
	for _, e := range roster {
		if !activeSet[e.ID()] {
			c.Unusable = append(c.Unusable, e.ID())
		}
	}
	return c, nil
}

func isPrefixID(prefix []*catalog.Entry, id string) bool {
	for _, e := range prefix {
		if e.ID() == id {
			return true
		}
	}
	return false
}

func helpersIf(ok bool, helpers []*catalog.Entry) []*catalog.Entry {
	if ok {
		return helpers
	}
	return nil
}

// namespacesOf lists the connected namespaces of the entries, less skip.
func namespacesOf(es []*catalog.Entry, connected map[string]bool, skip []string) []string {
	var out []string
	for _, e := range es {
		ns := e.Contract().Namespace()
		if ns != "" && connected[ns] && !contains(skip, ns) && !contains(out, ns) {
			out = append(out, ns)
		}
	}
	return out
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

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

// prefixes remembers the stable prefixes of recent runs: every step of a
// run composes the same prefix, so it is composed once. Keys name the
// prefix's tools by id and contract digest, the services, the skills and
// the options. Compose is pure, so an error is remembered like a result.
var prefixes = memo.NewBounded[string, composed](maxPrefixes)

const maxPrefixes = 4096

// composed is a composition or the error that stopped it.
type composed struct {
	c   Composition
	err error
}

// stablePrefix is the memoized build of the prefix pre with reachable
// tools behind search.
func stablePrefix(pre Input, reachable int, build func() (Composition, error)) (Composition, error) {
	key := prefixKey(pre, reachable)
	r := prefixes.Get(key, func() composed {
		c, err := build()
		return composed{c, err}
	})
	if r.err != nil {
		return r.c, r.err
	}
	c := r.c
	// the caller appends to these; never to the memo's arrays
	c.Sections = append([]Section(nil), c.Sections...)
	c.Rules = append([]string(nil), c.Rules...)
	c.Skills = append([]Skill(nil), c.Skills...)
	return c, nil
}
