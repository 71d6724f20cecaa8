package instruction

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
)

// Draft is the forge's state: what the agent declares (the upper bound),
// what is selected, which services are connected, and the options. Its
// effective roster is declared ∩ selected, less service tools whose
// service is not connected; availability is applied before, when the
// declared entries are taken from the catalog of available tools.
type Draft struct {
	Declared         []*catalog.Entry
	Selected         map[string]bool
	DeclaredServices []string
	Connected        map[string]bool
	Skills           []Skill
	Options          Options
	// Activated names the tools a deferred step's receipts activated.
	Activated []string
	// ApprovalOnly reports the tools the subject may call only with a
	// person's approval (nil: none); see Input.ApprovalOnly.
	ApprovalOnly func(id string) bool

	// flipped is a tool id whose selection is inverted without copying
	// Selected: a lever flip composes once, so it need not pay for a map.
	flipped string
	// unique, once uniqueKnown, says Declared holds each entry once; flips
	// keep it, so recomposing for every lever checks it once.
	unique, uniqueKnown bool
	// settledRoster, set by LeverBase, is the roster with no flip pending:
	// a tool flip's roster is derived from it without reading the maps.
	// Flipping a service drops it.
	settledRoster []*catalog.Entry
}

// selected reports whether the tool is selected, honouring a pending flip.
func (d Draft) selected(id string) bool {
	return d.Selected[id] != (id == d.flipped)
}

// Input computes the composition input: the effective roster in declared
// order.
func (d Draft) Input() Input {
	return d.input(make([]*catalog.Entry, 0, len(d.Declared)))
}

// CountingInput is Input for a composition made only to be counted, as a
// lever's is (see Input.ForCounting), built in the scratch's buffers: the
// composition it gives is valid until the scratch is used again.
func (d Draft) CountingInput(s *Scratch) Input {
	in := d.input(s.roster[:0])
	s.roster = in.Roster[:0]
	in.noReasons, in.scratch = true, s
	return in
}

func (d Draft) input(roster []*catalog.Entry) Input {
	unique := d.unique
	if !d.uniqueKnown {
		unique = isUnique(d.Declared)
	}
	in := Input{Skills: d.Skills, Options: d.Options, Activated: d.Activated, ApprovalOnly: d.ApprovalOnly, Roster: roster, unique: unique}
	for _, ns := range d.DeclaredServices {
		if d.Connected[ns] {
			in.Services = append(in.Services, ns)
		}
	}
	if d.settledRoster != nil && unique {
		in.Roster = d.flipRoster(in.Roster)
		return in
	}
	for _, e := range d.Declared {
		if !d.selected(e.ID()) {
			continue
		}
		if ns := e.Namespace(); ns != "" && !d.Connected[ns] {
			continue
		}
		in.Roster = append(in.Roster, e)
	}
	return in
}

// Only is the draft with only the declared tools keep accepts, and
// only those activated: the surface a host serves (an MCP client is
// taught only the tools its gateway lists). Pins outside it are dropped
// when composed.
func (d Draft) Only(keep func(*catalog.Entry) bool) Draft {
	declared := make([]*catalog.Entry, 0, len(d.Declared))
	kept := make(map[string]bool, len(d.Declared))
	for _, e := range d.Declared {
		if e != nil && keep(e) {
			declared = append(declared, e)
			kept[e.ID()] = true
		}
	}
	var activated []string
	for _, id := range d.Activated {
		if kept[id] {
			activated = append(activated, id)
		}
	}
	d.Declared, d.Activated = declared, activated
	d.settledRoster, d.uniqueKnown = nil, false
	return d
}

// isUnique reports whether no entry appears twice (pointer identity: a
// draft's entries come from one catalog).
func isUnique(es []*catalog.Entry) bool {
	if len(es) < 2 {
		return true
	}
	seen := make(map[*catalog.Entry]struct{}, len(es))
	for _, e := range es {
		if _, dup := seen[e]; dup || e == nil {
			return false
		}
		seen[e] = struct{}{}
	}
	return true
}

// Lever ids.
const (
	LeverToolPrefix    = "tool:"
	LeverServicePrefix = "service:"
	LeverCompact       = "catalog:compact"
	LeverTierPrefix    = "tier:"
	LeverDeferred      = "deferred"
)

// LeverIDs lists every lever the draft offers, in display order.
func (d Draft) LeverIDs() []string {
	ids := make([]string, 0, len(d.Declared)+len(d.DeclaredServices)+len(Tiers)+2)
	for _, e := range d.Declared {
		ids = append(ids, LeverToolPrefix+e.ID())
	}
	for _, ns := range d.DeclaredServices {
		ids = append(ids, LeverServicePrefix+ns)
	}
	ids = append(ids, LeverCompact)
	for _, t := range Tiers {
		ids = append(ids, LeverTierPrefix+t)
	}
	return append(ids, LeverDeferred)
}

// On reports the lever's current position.
func (d Draft) On(lever string) bool {
	switch {
	case strings.HasPrefix(lever, LeverToolPrefix):
		return d.selected(strings.TrimPrefix(lever, LeverToolPrefix))
	case strings.HasPrefix(lever, LeverServicePrefix):
		return d.Connected[strings.TrimPrefix(lever, LeverServicePrefix)]
	case lever == LeverCompact:
		return d.Options.CatalogForm == catalog.FormCompact
	case strings.HasPrefix(lever, LeverTierPrefix):
		return d.Options.Tier == strings.TrimPrefix(lever, LeverTierPrefix)
	case lever == LeverDeferred:
		return d.Options.Deferred
	}
	return false
}

// Flip returns a copy of the draft with the lever flipped. A tier lever
// switches to that tier (flipping the current tier changes nothing).
func (d Draft) Flip(lever string) (Draft, error) {
	n := d
	switch {
	case strings.HasPrefix(lever, LeverToolPrefix):
		id := strings.TrimPrefix(lever, LeverToolPrefix)
		if d.flipped == "" {
			n.flipped = id
		} else {
			n.Selected = flipSet(d.materialized(), id)
			n.flipped, n.settledRoster = "", nil
		}
	case strings.HasPrefix(lever, LeverServicePrefix):
		n.Connected = flipSet(d.Connected, strings.TrimPrefix(lever, LeverServicePrefix))
		n.settledRoster = nil
	case lever == LeverCompact:
		if d.Options.CatalogForm == catalog.FormCompact {
			n.Options.CatalogForm = catalog.FormFull
		} else {
			n.Options.CatalogForm = catalog.FormCompact
		}
	case strings.HasPrefix(lever, LeverTierPrefix):
		t := strings.TrimPrefix(lever, LeverTierPrefix)
		if !validTier(t) {
			return d, &FieldError{"lever", fmt.Sprintf("unknown tier %q", t)}
		}
		n.Options.Tier = t
	case lever == LeverDeferred:
		n.Options.Deferred = !d.Options.Deferred
	default:
		return d, &FieldError{"lever", fmt.Sprintf("unknown lever %q", lever)}
	}
	return n, nil
}

// LeverBase returns the settled draft prepared for flipping every lever:
// its roster is computed once, and a tool flip's roster is derived from
// it. The maps must not be modified afterwards (flip instead).
func (d Draft) LeverBase() Draft {
	d = d.Settled()
	d.settledRoster = nil
	if d.unique {
		d.settledRoster = d.Input().Roster
	}
	return d
}

// flipRoster appends the roster under the pending tool flip to out: the
// settled roster with the flipped tool's entries in or out, in declared
// order (the settled roster is a subsequence of Declared).
func (d Draft) flipRoster(out []*catalog.Entry) []*catalog.Entry {
	base := d.settledRoster
	if d.flipped == "" {
		return append(out, base...)
	}
	k := 0
	for _, e := range d.Declared {
		inBase := k < len(base) && base[k] == e
		if inBase {
			k++
		}
		if e.ID() != d.flipped {
			if inBase {
				out = append(out, e)
			}
			continue
		}
		if ns := e.Namespace(); d.selected(e.ID()) && (ns == "" || d.Connected[ns]) {
			out = append(out, e)
		}
	}
	return out
}

// Settled returns the draft with any pending flip folded into Selected.
func (d Draft) Settled() Draft {
	if d.flipped != "" {
		d.Selected, d.flipped, d.settledRoster = d.materialized(), "", nil
	}
	d.unique, d.uniqueKnown = isUnique(d.Declared), true
	return d
}

// materialized is the selection with any pending flip applied.
func (d Draft) materialized() map[string]bool {
	if d.flipped == "" {
		return d.Selected
	}
	return flipSet(d.Selected, d.flipped)
}

// SelectedIDs lists the selected declared tools in declared order.
func (d Draft) SelectedIDs() []string {
	var out []string
	for _, e := range d.Declared {
		if d.selected(e.ID()) {
			out = append(out, e.ID())
		}
	}
	return out
}

func flipSet(m map[string]bool, k string) map[string]bool {
	out := make(map[string]bool, len(m)+1)
	for key, v := range m {
		if v {
			out[key] = true
		}
	}
	if m[k] {
		delete(out, k)
	} else {
		out[k] = true
	}
	return out
}
