package models

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/toolpick"
)

// GrantSpec is one grant of a group: a tool by id, a service or an
// effects class, optionally only with approval.
type GrantSpec struct {
	Kind             string `json:"kind"`
	Value            string `json:"value"`
	RequiresApproval bool   `json:"requires_approval,omitempty"`
}

// Key identifies a grant within its group.
func (g GrantSpec) Key() string { return g.Kind + ":" + g.Value }

// String shows a grant as an admin reads it.
func (g GrantSpec) String() string {
	s := g.Kind + " " + g.Value
	if g.RequiresApproval {
		s += " (requires approval)"
	}
	return s
}

// GrantProblem is one thing wrong with a grant set: the field it concerns
// (tools, service, effects, kind or grants) and the message.
type GrantProblem struct {
	Field, Message string
}

// GrantProblems lists everything wrong with a grant set, in grant order:
// kinds, values (a tool id must be known, with the closest known id to
// suggest; an effects class one of the four; a service a service name
// some known tool belongs to, with the closest to suggest) and duplicates.
// known may be nil to skip the tool and service checks; services is the
// set a service grant may name (see Store.KnownServices), nil for the
// services of known's tools.
func GrantProblems(gs []GrantSpec, known, services map[string]bool) []GrantProblem {
	var out []GrantProblem
	seen := map[string]bool{}
	suggested := 0
	for _, g := range gs {
		switch g.Kind {
		case authority.KindTool:
			if g.Value == "" || len(g.Value) > catalog.MaxIDLength {
				out = append(out, GrantProblem{"tools", fmt.Sprintf("a tool id is 1-%d characters", catalog.MaxIDLength)})
			} else if toolpick.IsPattern(g.Value) {
				// a tool grant names one tool; a service grant gives all
				// of a service's tools
				msg := toolpick.PatternMessage(g.Value, "tool id", known) + "; a tool grant names one tool"
				if ns, ok := strings.CutSuffix(g.Value, ".*"); ok && servicePattern().MatchString(ns) {
					msg += fmt.Sprintf(", and a service grant gives every tool of service %s (console grant add GROUP --service %s, or the line service %s on the Groups page)", ns, ns, ns)
				}
				out = append(out, GrantProblem{"tools", msg})
			} else if known != nil && !known[g.Value] {
				p := toolpick.Problem{ID: g.Value, Kind: toolpick.Unknown, Noun: "tool"}
				if suggested < toolpick.MaxSuggestions {
					p.Suggestion = toolpick.Suggest(g.Value, known)
					suggested++
				}
				out = append(out, GrantProblem{"tools", p.String()})
			}
		case authority.KindService:
			if !servicePattern().MatchString(g.Value) {
				out = append(out, GrantProblem{"service", fmt.Sprintf("%q is not a service name (%s)", g.Value, servicePattern())})
			} else if known != nil {
				if services == nil {
					services = toolpick.Services(known)
				}
				if !services[g.Value] {
					msg := fmt.Sprintf("unknown service %q (no tool in the catalog belongs to it)", g.Value)
					if s := toolpick.Suggest(g.Value, services); s != "" {
						msg += ": did you mean " + s + "?"
					}
					out = append(out, GrantProblem{"service", msg})
				}
			}
		case authority.KindEffects:
			if !slices.Contains(authority.EffectsClasses(), g.Value) {
				out = append(out, GrantProblem{"effects", fmt.Sprintf("%q is not an effects class (%s)", g.Value, strings.Join(authority.EffectsClasses(), ", "))})
			}
		default:
			out = append(out, GrantProblem{"kind", fmt.Sprintf("%q is not tool, service or effects", g.Kind)})
		}
		if seen[g.Key()] {
			out = append(out, GrantProblem{"grants", "duplicate grant " + g.Key()})
		}
		seen[g.Key()] = true
	}
	if len(gs) > MaxGrants {
		out = append(out, GrantProblem{"grants", fmt.Sprintf("at most %d grants per group", MaxGrants)})
	}
	return out
}

// ValidateGrants checks a grant set (see GrantProblems): every problem,
// "; " apart under its field; nil when the set is good.
func ValidateGrants(gs []GrantSpec, known, services map[string]bool) map[string]string {
	ps := GrantProblems(gs, known, services)
	if len(ps) == 0 {
		return nil
	}
	errs := map[string]string{}
	for _, p := range ps {
		if errs[p.Field] != "" {
			errs[p.Field] += "; "
		}
		errs[p.Field] += p.Message
	}
	return errs
}

// ValidateGroupVersion checks everything a new version of a group's
// grants is refused for at once: the group's name, the message and the
// grants (see ValidateGrants); nil when it is good.
func ValidateGroupVersion(group, message string, grants []GrantSpec, known, services map[string]bool) map[string]string {
	errs := ValidateGrants(grants, known, services)
	if errs == nil {
		errs = map[string]string{}
	}
	if !authority.ValidGroup(group) {
		errs["group"] = groupRule()
	}
	if tooLong(message, MaxMessage) {
		errs["message"] = atMost(MaxMessage)
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func sortGrants(gs []GrantSpec) []GrantSpec {
	out := slices.Clone(gs)
	if out == nil {
		out = []GrantSpec{}
	}
	slices.SortFunc(out, func(a, b GrantSpec) int { return strings.Compare(a.Key(), b.Key()) })
	return out
}
