package deferred

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Rejection reasons: why a receipt activates nothing.
const (
	ReasonMalformed      = "malformed"       // not a receipt of the supported version
	ReasonForged         = "forged"          // its MAC is not the server's
	ReasonCrossRun       = "cross_run"       // minted for another run
	ReasonStaleSurface   = "stale_surface"   // minted for another surface: a contract, grant, profile or declaration changed
	ReasonUnknownName    = "unknown_name"    // names a tool outside the surface, or a code-only helper
	ReasonSearchRequired = "search_required" // a SEARCH_REQUIRED receipt, which never activates
	// ReasonFutureStep: an authentic receipt sent among the receipts of a
	// step before the one its search was made in (group i holds step i's
	// receipts): it comes from no step the conversation has reached.
	ReasonFutureStep = "future_step"
	// ReasonOverCeiling: a valid receipt of the deciding step whose names,
	// merged after the step's earlier receipts, would take the active set
	// over the active-tools or schema-bytes ceiling; it activates nothing
	// (whole, never in part) and the step goes on with the others.
	ReasonOverCeiling = "over_ceiling"
)

// Reasons lists every rejection reason, as the API documents them.
var Reasons = []string{ReasonMalformed, ReasonForged, ReasonCrossRun, ReasonStaleSurface, ReasonUnknownName, ReasonSearchRequired, ReasonFutureStep, ReasonOverCeiling}

// Rejection reports one receipt that activates nothing. Index is its
// position in call order over the whole request; Group and Position say
// where it was in the grouped list.
type Rejection struct {
	Index    int    `json:"index"`
	Group    int    `json:"group"`
	Position int    `json:"position"`
	Reason   string `json:"reason"`
	Detail   string `json:"detail,omitempty"`
}

// Accepted is a valid search receipt: its provenance for evidence.
type Accepted struct {
	Index int      `json:"index"`
	ID    string   `json:"id"`
	Step  int      `json:"step"`
	Names []string `json:"names"`
	// Used says the receipt belongs to the step that decides activation.
	Used bool `json:"used"`
}

// Activation is a step's reconstructed active set and how it was reached.
type Activation struct {
	Always    []string    // always-on tools, roster order
	Pins      []string    // validated pins, in order
	Step      int         // the step whose receipts activate; -1 for none
	Activated []string    // that step's names in call order, less always-on and pins
	Accepted  []Accepted  // every valid search receipt
	Rejected  []Rejection // every receipt that activates nothing
	// Shown lists the names of this run's authentic receipts minted for
	// another surface: tools the run was shown before the surface changed.
	Shown []string
	// Carry lists, when the run's latest activation was minted for
	// another surface (the surface moved after it, as a grant change
	// does) and no valid receipt is as recent, the names it activated
	// that this surface can still select, in call order: what a host may
	// re-issue a receipt for on this surface (CarryStep: that
	// activation's step). Those receipts themselves activate nothing.
	Carry     []string
	CarryStep int
	// Moved reports that the run's latest authentic receipt was minted
	// for another surface: every earlier receipt is superseded (none
	// activates, even on a surface equal to its own again), and a host
	// that carries nothing over (Carry empty) records the move with a
	// SURFACE_MOVED receipt.
	Moved bool
}

// ShownBefore reports whether the run was shown a tool: an authentic
// receipt of the run named it (on any surface), the runtime pins it, or
// a binding is presented. Such a tool outside the surface lost authority;
// any other tool outside it is unknown to the model.
func (a Activation) ShownBefore(tool string, pins []string, binding bool) bool {
	return binding || slices.Contains(pins, tool) || slices.Contains(a.Shown, tool)
}

// Withdrawn reports whether an authentic receipt of the run minted for
// another surface named the tool: the console showed it to the run
// before the surface moved, so, outside the surface now, authority the
// run had over it was withdrawn.
func (a Activation) Withdrawn(tool string) bool {
	return slices.Contains(a.Shown, tool)
}

// Active lists the step's active tools: always-on, then pins, then the
// activated names.
func (a Activation) Active() []string {
	out := make([]string, 0, len(a.Always)+len(a.Pins)+len(a.Activated))
	seen := make(map[string]bool, cap(out))
	for _, l := range [][]string{a.Always, a.Pins, a.Activated} {
		for _, id := range l {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// IsActive reports whether the tool is active in the step.
func (a Activation) IsActive(id string) bool {
	for _, l := range [][]string{a.Always, a.Pins, a.Activated} {
		for _, x := range l {
			if x == id {
				return true
			}
		}
	}
	return false
}

// Reconstruct verifies the receipts a runtime sends back (grouped by step,
// in call order) and computes the step's active set: always-on ∪ pins ∪
// the names of the latest step (by the receipts' authenticated step
// number) with at least one valid receipt, its receipts merged in call
// order. A later search replaces an earlier one; nothing accumulates.
// Malformed, forged, cross-run, stale, unknown-name receipts and receipts
// sent among an earlier step's than their own (group i holds step i's)
// fail closed: they are reported and activate nothing. So no step number
// outranks the steps the conversation has reached, and a receipt quoted
// again later keeps its own step. A receipt of the
// deciding step that would take the active set over the active-tools or
// schema-bytes ceiling activates nothing either (over_ceiling, reported
// with its index), so parallel searches cannot stop a run; the receipts
// merged before it stay. More receipts than the ceiling is an
// *InputError on the field "receipts"; always-on tools and pins alone
// over a ceiling one on "pins" (or "agent" without pins: its always-on
// tools). Pins, as the runtime's own choice, are never dropped.
func Reconstruct(key []byte, run string, s *Surface, groups [][]json.RawMessage, c Ceilings) (Activation, error) {
	a := Activation{Always: s.AlwaysOn(), Pins: s.Pins(), Step: -1}
	total := 0
	for _, g := range groups {
		total += len(g)
	}
	if total > c.Receipts {
		return a, overCeiling("receipts", total, c.Receipts, "the number of receipts")
	}
	base := a.Active()
	// what is active before any receipt is the pins' doing, or with none
	// the agent's always-on tools': the error names that field
	field := "pins"
	if len(a.Pins) == 0 {
		field = "agent"
	}
	if len(base) > c.Active {
		return a, overCeiling(field, len(base), c.Active, "the number of always-on tools and pins, active before any receipt,")
	}
	bytes := 0
	for _, id := range base {
		bytes += s.SchemaBytes(id)
	}
	if bytes > c.SchemaBytes {
		return a, overCeiling(field, bytes, c.SchemaBytes, "the schema bytes of the always-on tools and pins, active before any receipt,")
	}
	type valid struct {
		r                      Receipt
		index, group, position int
	}
	var ok []valid
	index := 0
	staleStep, staleNames := -1, []string(nil)
	for gi, g := range groups {
		for pi, raw := range g {
			r, reason, detail := check(key, run, s, raw, c, gi)
			if reason == ReasonStaleSurface {
				a.Shown = append(a.Shown, r.Names...) // authentic: the MAC was checked first
				if r.Step <= gi && r.Kind != KindSearchRequired {
					if r.Step > staleStep {
						staleStep, staleNames = r.Step, nil
					}
					if r.Step == staleStep {
						staleNames = append(staleNames, r.Names...)
					}
				}
			}
			if reason != "" {
				a.Rejected = append(a.Rejected, Rejection{Index: index, Group: gi, Position: pi, Reason: reason, Detail: detail})
			} else {
				ok = append(ok, valid{r, index, gi, pi})
				if r.Step > a.Step {
					a.Step = r.Step
				}
			}
			index++
		}
	}
	active := len(base)
	seen := map[string]bool{}
	over := false // an over_ceiling rejection is appended out of index order
	// a receipt of a later step that the surface's move made stale
	// supersedes every earlier one: were the surface to come back as it
	// was (a grant given back), an earlier receipt would be current again
	// and revive what the move took away
	a.Moved = staleStep > a.Step
	for _, v := range ok {
		used := v.r.Step == a.Step && !a.Moved
		if used {
			var fresh []string
			more := 0
			for _, n := range v.r.Names {
				if !seen[n] && !s.InPrefix(n) && !slices.Contains(fresh, n) {
					fresh = append(fresh, n)
					more += s.SchemaBytes(n)
				}
			}
			if active+len(fresh) > c.Active || bytes+more > c.SchemaBytes {
				over = true
				a.Rejected = append(a.Rejected, Rejection{Index: v.index, Group: v.group, Position: v.position, Reason: ReasonOverCeiling,
					Detail: fmt.Sprintf("with it the step would have %d active tools and %d schema bytes, over the ceilings of %d and %d", active+len(fresh), bytes+more, c.Active, c.SchemaBytes)})
				continue
			}
			for _, n := range fresh {
				seen[n] = true
			}
			a.Activated = append(a.Activated, fresh...)
			active, bytes = active+len(fresh), bytes+more
		}
		a.Accepted = append(a.Accepted, Accepted{Index: v.index, ID: v.r.ID(), Step: v.r.Step, Names: v.r.Names, Used: used})
	}
	if over {
		slices.SortStableFunc(a.Rejected, func(x, y Rejection) int { return x.Index - y.Index })
	}
	if staleStep > a.Step {
		for _, n := range staleNames {
			if s.Selectable(n) && !s.InPrefix(n) && !slices.Contains(a.Carry, n) {
				a.Carry = append(a.Carry, n)
			}
		}
		if len(a.Carry) > 0 {
			a.CarryStep = staleStep
		}
	}
	return a, nil
}

// check verifies one receipt sent among the receipts of step group: the
// reason it is rejected ("" when valid) and a detail for the runtime's
// trace. The MAC is checked before any field is trusted.
func check(key []byte, run string, s *Surface, raw json.RawMessage, c Ceilings, group int) (Receipt, string, string) {
	r, err := Parse(raw, c.Results)
	if err != nil {
		return r, ReasonMalformed, strings.TrimPrefix(err.Error(), errMalformed.Error()+": ")
	}
	switch {
	case !r.authentic(key):
		return r, ReasonForged, "the MAC does not match"
	case r.Run != run:
		return r, ReasonCrossRun, "minted for another run"
	case r.Surface != s.Key():
		return r, ReasonStaleSurface, "minted for another surface"
	case r.Kind == KindSearchRequired:
		return r, ReasonSearchRequired, "a SEARCH_REQUIRED receipt activates nothing"
	case r.Step > group:
		return r, ReasonFutureStep, fmt.Sprintf("minted for step %d but sent among the receipts of step %d: receipts are grouped by step, group i holding the receipts of the searches made in step i", r.Step, group)
	}
	for _, n := range r.Names {
		if !s.Selectable(n) {
			return r, ReasonUnknownName, "names no selectable tool of this surface: " + n
		}
	}
	return r, "", ""
}

// IsMalformed reports whether err came from Parse rejecting bytes.
func IsMalformed(err error) bool { return errors.Is(err, errMalformed) }
