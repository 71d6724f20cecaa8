package instruction

import (
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/memo"
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
