package models

import (
	"slices"
	"strings"

	"github.com/agentforge/console/instruction/authority"
)

// classProblems adds a field error for each class of a review decision
// that cannot be recorded: effects.<id> for unknown effects or a tool not
// selected or a class given with a rejection, risk.<id> for an unknown
// risk level (empty is the one the effects suggest).
func classProblems(fields map[string]string, seen map[string]string, status string, classes map[string]Classification) {
	for id, cl := range classes {
		switch {
		case status != ToolAvailable:
			fields["effects."+id] = "a class is set only when making a tool available"
		case seen[id] == "":
			fields["effects."+id] = "this tool is not selected"
		case !slices.Contains(authority.EffectsClasses(), cl.Effects):
			fields["effects."+id] = "must be one of " + strings.Join(authority.EffectsClasses(), ", ")
		}
		if cl.Risk != "" && !slices.Contains(authority.RiskLevels, cl.Risk) {
			fields["risk."+id] = "must be one of " + strings.Join(authority.RiskLevels, ", ") + ", or empty for the one the effects suggest"
		}
	}
}
