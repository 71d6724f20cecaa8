package instruction

import "github.com/agentforge/console/catalog"

// HeadFlip is a tool flip that changes what the sections before the
// catalog teach (a capability, a service, a skill, the worked example)
// but not the catalog's shape: Head are the flipped composition's
// sections before the catalog, composed for counting (no reasons), and
// Catalog the units the catalog loses and gains.
type HeadFlip struct {
	Head    []Section
	Catalog ToolFlip
}

// catalogShape are the capabilities that decide the catalog's sections
// and which helpers it lists: while a flip leaves each as it was, the
// catalog changes by the tool's entry, the skill loader and the header.
var catalogShape = [...]Capability{CapTools, CapExec, CapCodeOnly}

// FlipHead answers a tool flip that Flip leaves to Compose when the
// catalog keeps its sections: only the head is composed (the gate of the
// flipped roster, then the sections before the catalog), and the
// catalog's change is the tool's entry, the skill loader and the header's
// count (catalogChange). ok is false when the catalog's sections change
// too (a flip of exec, of the last callable tool or code-only helper),
// when the roster does not change, and whenever Flip could not answer at
// all (a deferred draft). Head lives in the scratch's buffers: it is valid until the
// scratch is used again. TestFlipHeadMatchesCompose holds it to Compose.
func (t *ToolFlips) FlipHead(id string, s *Scratch) (HeadFlip, bool) {
	p, ok := t.prepareHead(id, s)
	if !ok {
		return HeadFlip{}, false
	}
	n := p.n
	n.Sections = s.sections[:0]
	composeHead(&n, n.gate, n.entries, n.Options.Tier, false)
	s.sections = n.Sections[:0]
	return HeadFlip{Head: n.Sections, Catalog: t.catalogChange(p.e, p.was, n.gate)}, true
}

// FlipHeadKey answers a flip FlipHead answers (ok as its) without
// composing the head: the key of the head FlipHead would compose
// (HeadKey) and the catalog's change.
func (t *ToolFlips) FlipHeadKey(id string, s *Scratch) (HeadKey, ToolFlip, bool) {
	p, ok := t.prepareHead(id, s)
	if !ok {
		return HeadKey{}, ToolFlip{}, false
	}
	n := &p.n
	return headKey(n, n.gate, n.entries, n.Options.Tier), t.catalogChange(p.e, p.was, n.gate), true
}

// headFlip is a tool flip FlipHead answers, before its head is composed:
// the flipped composition without sections, the tool and whether it was
// in the roster.
type headFlip struct {
	n   Composition
	e   *catalog.Entry
	was bool
}

// prepareHead is FlipHead up to composing the head.
func (t *ToolFlips) prepareHead(id string, s *Scratch) (headFlip, bool) {
	if !t.ok {
		return headFlip{}, false
	}
	e := t.byID[id]
	if e == nil {
		return headFlip{}, false
	}
	ns := e.Namespace()
	was, will := t.inRoster[e], !t.d.Selected[id] && (ns == "" || t.d.Connected[ns])
	if was == will {
		return headFlip{}, false
	}
	flipped, err := t.d.Flip(LeverToolPrefix + id)
	if err != nil {
		return headFlip{}, false
	}
	in := flipped.CountingInput(s)
	roster := in.Roster
	skills := qualifyingSkills(in.Skills, roster)
	services := dedupeStrings(in.Services)
	g := NewGate(Facts{Roster: roster, Services: services, Skills: skills})
	for _, cp := range catalogShape {
		if g.Has(cp) != t.base.gate.Has(cp) {
			return headFlip{}, false
		}
	}
	n := Composition{entries: roster, Services: services, Skills: skills, Options: in.Options, Protocol: ProtocolFor(g), gate: g, approval: in.ApprovalOnly}
	n.Options.Pins = pinsIn(in.Options.Pins, roster)
	return headFlip{n: n, e: e, was: was}, true
}

// catalogChange is the catalog's change when e enters or (was) leaves
// it, its sections kept: a code-only helper's entry in the code-only
// section (none without exec: no text names it), any other tool's entry
// in the main one; the skill loader when the skills capability comes or
// goes with it; and the header's count when the main section's entries
// change in number.
func (t *ToolFlips) catalogChange(e *catalog.Entry, was bool, g Gate) ToolFlip {
	// at most four units change (the entry, the loader, the header's
	// two counts): gathered first, so each side is made once, to size
	var sides [4]struct {
		u    catalog.Unit
		gone bool
	}
	n, gone := 0, 0
	side := func(u catalog.Unit, g bool) {
		sides[n].u, sides[n].gone = u, g
		n++
		if g {
			gone++
		}
	}
	form, main := t.base.Options.CatalogForm, 0
	if !e.CodeOnly() || g.Has(CapExec) {
		side(entryUnit(e, form, t.d.ApprovalOnly), was)
		if !e.CodeOnly() {
			main += sign(was)
		}
	}
	if skills := g.Has(CapSkills); skills != t.base.gate.Has(CapSkills) {
		loader, _ := lib().synthetic.Get(LoadSkillToolID)
		side(loader.Render(form), !skills)
		main += sign(!skills)
	}
	if main != 0 {
		side(catalogHeader(t.header), true)
		side(catalogHeader(t.header+main), false)
	}
	var f ToolFlip
	if gone > 0 {
		f.Gone = make([]catalog.Unit, 0, gone)
	}
	if n > gone {
		f.Added = make([]catalog.Unit, 0, n-gone)
	}
	for _, sd := range sides[:n] {
		if sd.gone {
			f.Gone = append(f.Gone, sd.u)
		} else {
			f.Added = append(f.Added, sd.u)
		}
	}
	return f
}

// sign is -1 for a unit that leaves, +1 for one that enters.
func sign(gone bool) int {
	if gone {
		return -1
	}
	return 1
}
