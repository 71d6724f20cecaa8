package instruction

import "github.com/agentforge/console/catalog"

// ToolFlips answers, for a draft and its plain composition, how flipping
// one tool's selection changes the composition, without composing it: on
// a 1,000-tool catalog every lever's recomposition walked the whole roster
// (the gate's summary, the catalog's units), a thousand times per forge
// toggle. A flip whose only effect is the tool's own catalog entry and the
// catalog header's count is answered from the base composition and the
// gate's summary, in constant time; any other flip (one that turns a
// capability, a service, a skill, a pin or the worked example on or off,
// or any deferred step) is left to Compose. TestToolFlipsMatchCompose
// holds the answers to what Compose gives.
type ToolFlips struct {
	d    Draft
	base Composition
	ok   bool
	// byID and inRoster index the declared tools and the settled roster
	byID     map[string]*catalog.Entry
	inRoster map[*catalog.Entry]bool
	// perService counts the roster's callable tools per namespace
	perService map[string]int
	// guarded are ids whose flip changes more than the catalog: pins,
	// skills' required tools, exec and workspace_write
	guarded map[string]bool
	header  int // the catalog header's tool count in the base
}

// ToolFlip is the change a tool flip makes: the units that leave the
// composition and those that enter it, all in the catalog group.
type ToolFlip struct {
	Gone, Added []catalog.Unit
}

// NewToolFlips prepares the answers for the draft (as LeverBase gives it)
// and base, the composition of its input.
func NewToolFlips(d Draft, base Composition) *ToolFlips {
	t := &ToolFlips{d: d, base: base}
	if d.Options.Deferred || base.Options.Deferred || d.flipped != "" || !d.uniqueKnown || !d.unique || base.gate.s == nil || !base.Has(CapTools) {
		return t
	}
	cat, found := base.Section("catalog")
	if !found || len(cat.Units) == 0 {
		return t
	}
	t.header = len(cat.Units) - 1
	t.byID = make(map[string]*catalog.Entry, len(d.Declared))
	for _, e := range d.Declared {
		t.byID[e.ID()] = e
	}
	t.inRoster = make(map[*catalog.Entry]bool, len(base.entries))
	t.perService = map[string]int{}
	for _, e := range base.entries {
		t.inRoster[e] = true
		if ns := e.Namespace(); ns != "" && !e.CodeOnly() {
			t.perService[ns]++
		}
	}
	t.guarded = map[string]bool{"exec": true, "workspace_write": true}
	for _, p := range d.Options.Pins {
		t.guarded[p] = true
	}
	for _, s := range d.Skills {
		for _, id := range s.RequiredTools {
			t.guarded[id] = true
		}
	}
	t.ok = true
	return t
}

// Flip answers for flipping tool id; ok is false when the flip must be
// composed.
func (t *ToolFlips) Flip(id string) (ToolFlip, bool) {
	if !t.ok || t.guarded[id] {
		return ToolFlip{}, false
	}
	e := t.byID[id]
	if e == nil {
		return ToolFlip{}, false
	}
	was := t.inRoster[e]
	ns := e.Namespace()
	will := !t.d.Selected[id] && (ns == "" || t.d.Connected[ns])
	if was == will {
		return ToolFlip{}, true // the roster is the same
	}
	sign := 1
	if was {
		sign = -1
	}
	s := t.base.gate.s
	crosses := func(n int) bool { return (n > 0) != (n+sign > 0) }
	if e.CodeOnly() && !s.exec {
		return ToolFlip{}, true // an unusable helper: no text names it
	}
	if i := classIndex(e.Class()); i >= 0 && crosses(s.classes[i]) {
		return ToolFlip{}, false
	}
	unit := entryUnit(e, t.base.Options.CatalogForm, t.d.ApprovalOnly)
	var f ToolFlip
	if e.CodeOnly() {
		if crosses(s.codeOnly) {
			return ToolFlip{}, false // the code-only section comes or goes
		}
	} else {
		if crosses(s.callable) || (ns != "" && crosses(t.perService[ns])) {
			return ToolFlip{}, false
		}
		if !s.exec && !s.workspaceWrite && len(e.Contract().Examples) > 0 {
			return ToolFlip{}, false // it may become the worked example
		}
		// one array for both sides: each holds a header and maybe the entry
		buf := make([]catalog.Unit, 4)
		buf[0], buf[2] = catalogHeader(t.header), catalogHeader(t.header+sign)
		f.Gone, f.Added = buf[0:1:2], buf[2:3:4]
	}
	if was {
		f.Gone = append(f.Gone, unit)
	} else {
		f.Added = append(f.Added, unit)
	}
	return f, true
}
