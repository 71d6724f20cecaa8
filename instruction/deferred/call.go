package deferred

import (
	"slices"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
)

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
	// HostSearchTool: search_tools, active in every step whose surface
	// has tools to search.
	HostSearchTool = "search_tools is the console's own tool, taught in every step while search can reach a tool: send its arguments to POST /api/v1/runs/{run}/search"
	// HostLoadSkill: load_skill, active while a skill qualifies.
	HostLoadSkill = "load_skill is the console's own tool, taught while every required tool of a listed skill is active: send its arguments with this call to POST /api/v1/runs/{run}/calls; the answer's skill is the procedure of a skill the step lists (any other slug answers unknown)"
	// HostNoSearch: search_tools on a surface with nothing to search.
	HostNoSearch = "search_tools is taught only while search can reach a tool; this run's surface has none to reach"
	// HostNoSkill: load_skill while no skill qualifies.
	HostNoSkill = "load_skill is taught only while every required tool of one of the agent's skills is active; in this step none is"
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
	// Withdrawn is set by the caller when the run's own receipts showed
	// the tool on a surface it is no longer on (Activation.Withdrawn):
	// the console itself offered it, so authority the run had was taken
	// away, and a permission denial answers capability_revoked. A pin
	// alone proves no such thing (a runtime may pin what it never had).
	Withdrawn bool
	// Console: a call of one of the console's own tools (search_tools,
	// load_skill), which no catalog holds, so no call-time check applies.
	// Active, HostReason says which endpoint serves it; unknown, Error is
	// already the model-visible capability_unavailable.
	Console bool
}

// Classify decides a call of tool in the step whose activation is a:
// active → it may proceed; a tool search can reach but that is not active
// → search_required with a SEARCH_REQUIRED receipt (never executed);
// anything else → unknown, with the real reason only in HostReason.
// known reports whether the catalog has the tool at all. A code-only
// helper is active exactly while exec is. The console's own tools are
// active exactly while the step teaches them: search_tools while search
// can reach a tool, load_skill while a skill qualifies (see
// SkillQualifies).
func Classify(key []byte, run string, s *Surface, a Activation, step int, tool string, known func(string) bool) CallVerdict {
	switch tool {
	case instruction.SearchToolID:
		return consoleTool(s.Reachable() > 0, HostSearchTool, HostNoSearch)
	case instruction.LoadSkillToolID:
		return consoleTool(a.SkillQualifies(s), HostLoadSkill, HostNoSkill)
	}
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

// SkillQualifies reports whether the step lists a skill: one of the
// surface's skills has every required tool active (a code-only helper of
// the surface counts while exec is active), as the composition decides.
func (a Activation) SkillQualifies(s *Surface) bool {
	exec := a.IsActive("exec")
	return slices.ContainsFunc(s.skills, func(required []string) bool {
		for _, t := range required {
			if e, ok := s.Entry(t); ok && e.CodeOnly() && exec {
				continue
			}
			if !a.IsActive(t) {
				return false
			}
		}
		return true
	})
}

// consoleTool is the verdict on a call of a console tool the step teaches
// (taught) or does not.
func consoleTool(taught bool, route, why string) CallVerdict {
	if taught {
		return CallVerdict{Status: CallActive, Console: true, HostReason: route}
	}
	return CallVerdict{Status: CallUnknown, Console: true, HostReason: why, Error: authority.Deny(authority.TypeUnavailable, why).Error}
}
