package deferred

import "github.com/agentforge/console/instruction/authority"

// Call verdicts.
const (
	CallActive         = "active"
	CallSearchRequired = "search_required"
	CallUnknown        = "unknown"
)

// Host reasons of an unknown call: for the runtime's trace only, never for
// the model.
const (
	HostNotInCatalog = "no tool of that name exists in the catalog"
	HostOutside      = "the tool exists but is outside this run's surface (not declared, profiled, granted, available or connected)"
	HostCodeOnly     = "a code-only helper: callable from the code channel, and only while exec is active"
)

// CallVerdict is the answer to "may this call proceed?".
type CallVerdict struct {
	Status     string
	HostReason string
	// Receipt is the SEARCH_REQUIRED receipt of a search_required call.
	Receipt *Receipt
	// Error is the model-visible error of an unknown or denied call (see
	// Authorize); nil before the call-time check joined the verdict.
	Error *authority.Error
	// Shown is set by the caller when the run was shown the tool before
	// (see Activation.ShownBefore): outside the surface now, it lost
	// authority and a denial says so; never shown, it is unknown.
	Shown bool
}

// Classify decides a call of tool in the step whose activation is a:
// active → it may proceed; a tool search can reach but that is not active
// → search_required with a SEARCH_REQUIRED receipt (never executed);
// anything else → unknown, with the real reason only in HostReason.
// known reports whether the catalog has the tool at all. A code-only
// helper is active exactly while exec is.
func Classify(key []byte, run string, s *Surface, a Activation, step int, tool string, known func(string) bool) CallVerdict {
	if e, ok := s.Entry(tool); ok && e.CodeOnly() {
		if a.IsActive("exec") {
			return CallVerdict{Status: CallActive}
		}
		return CallVerdict{Status: CallUnknown, HostReason: HostCodeOnly}
	}
	switch {
	case a.IsActive(tool):
		return CallVerdict{Status: CallActive}
	case s.Searchable(tool):
		r := Mint(key, KindSearchRequired, run, s.Key(), step, []string{tool})
		return CallVerdict{Status: CallSearchRequired, Receipt: &r}
	case known != nil && known(tool):
		return CallVerdict{Status: CallUnknown, HostReason: HostOutside}
	}
	return CallVerdict{Status: CallUnknown, HostReason: HostNotInCatalog}
}
