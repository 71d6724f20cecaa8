package deferred

import (
	"github.com/agentforge/console/instruction/authority"
)

// CallDenied is the verdict of a call the surface would let through (or
// that names a tool the agent has) but the call-time check of the authority rules
// refuses: permission_denied, approval_required, capability_revoked,
// binding_stale or catalog_changed.
const CallDenied = "denied"

// Authorize joins a call's verdict with the call-time check d of the
// same state, so a run's call answers like POST /api/v1/authorize:
//
//   - search_required stays: the model must search before anything runs,
//     and no check is made (ok is false);
//   - an active call the check allows stays active;
//   - a check that denies with capability_unavailable, or an unknown call
//     the check would allow (a code-only helper while exec is inactive),
//     is unknown, with the model-visible capability_unavailable error and
//     the real reason in HostReason;
//   - a call outside the surface of a tool the run was never shown
//     (v.Shown false: no receipt of the run named it, no pin, no binding)
//     is unknown the same way whatever the check says — the model must
//     not learn that a tool it was never offered exists; HostReason keeps
//     the check's real reason (permission_denied, approval_required…);
//   - a permission denial of a tool the run's own receipts showed on an
//     earlier surface (v.Withdrawn) is CallDenied as capability_revoked:
//     the run had the permission and it was taken away (seed 000's
//     type); HostReason keeps the check's reason;
//   - any other denial is CallDenied with the check's error and reason:
//     an active tool, or one the run was shown, that lost authority.
//
// The returned decision is the one to count: the check's own, so the
// counters keep the real outcome.
func Authorize(v CallVerdict, d authority.Decision) (out CallVerdict, counted authority.Decision, ok bool) {
	if v.Status == CallSearchRequired {
		return v, authority.Decision{}, false
	}
	switch {
	case d.Allow && v.Status == CallActive:
		v.HostReason = ""
		return v, d, true
	case d.Allow:
		d = authority.Deny(authority.TypeUnavailable, v.HostReason)
	case d.Error.Type == authority.TypeUnavailable:
		v.Status = CallUnknown
	case v.Status == CallUnknown && !v.Shown:
		u := authority.Deny(authority.TypeUnavailable, d.HostReason)
		v.Error, v.HostReason = u.Error, u.HostReason
		return v, d, true
	case v.Withdrawn && d.Error.Type == authority.TypePermissionDenied:
		r := authority.Deny(authority.TypeRevoked, "revoked since the run was shown it: "+d.HostReason)
		v.Status, v.Error, v.HostReason = CallDenied, r.Error, r.HostReason
		return v, d, true
	default:
		v.Status = CallDenied
	}
	v.Error, v.HostReason = d.Error, d.HostReason
	return v, d, true
}

// KeepPins is the pins a step or a call keeps: a pin outside the surface
// that revoked reports lost to a revocation (its grant removed, the tool
// rejected or changed in the ledger) pins nothing, so a revocation narrows
// the run — the step stops teaching the tool, the call of it gets the
// call-time check's structured answer — instead of failing every request
// of the run on the pin. Any other pin outside the surface (a tool the
// agent or its profile never had, no tool at all) stays, and is refused
// as before. Dropping can only make fewer tools active.
func (s *Surface) KeepPins(pins []string, revoked func(string) bool) []string {
	if pins == nil {
		return nil
	}
	out := make([]string, 0, min(len(pins), len(s.index)+1))
	seen := make(map[string]bool, min(len(pins), len(s.index)+1))
	for _, p := range pins {
		if seen[p] {
			continue // a repeated pin pins nothing more: collapsed first
		}
		seen[p] = true
		if _, in := s.index[p]; !in && revoked != nil && revoked(p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// Unpinned lists the pins KeepPins dropped (pins not in kept), in request
// order: the runtime's pins this subject's surface does not hold, which
// pin nothing. A response reports them so a dropped pin is never silent.
func Unpinned(pins, kept []string) []string {
	out, _ := unpinned(pins, kept)
	return out
}

// unpinned is Unpinned counting its work: one set operation per kept pin
// and per pin, never a pin compared with a list.
func unpinned(pins, kept []string) (out []string, work int) {
	in := make(map[string]bool, len(kept))
	for _, k := range kept {
		in[k] = true
		work++
	}
	for _, p := range pins {
		work++
		if !in[p] {
			in[p] = true // reported once
			out = append(out, p)
		}
	}
	return out, work
}
