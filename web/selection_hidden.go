package web

import (
	"context"
	"slices"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
	rt "github.com/agentforge/console/instruction/runtime"
)

// evalOptions are what a selection panel measures beside recall: the
// tools the subject is refused (each a correct refusal) and, when the
// agent has another profile, that profile's roster for two_profiles
// cases — with the same subject, skills and options, its own tools and no
// pins.
func (s *Server) evalOptions(ctx context.Context, snap *Snapshot, ac rt.AgentContext, d instruction.Draft, notes []instruction.RosterNote) (eval.Options, error) {
	o := eval.Options{Fit: eval.DraftFit(d)}
	for _, n := range notes {
		if n.Reason == instruction.NotAuthorized {
			o.Refused = append(o.Refused, n.Tool)
		}
	}
	if ac.Agent == nil {
		return o, nil
	}
	ps, err := s.store.Profiles(ctx)
	if err != nil {
		return o, err
	}
	current := ""
	if ac.Profile != nil {
		current = ac.Profile.Slug
	}
	var others []string
	for _, p := range ps {
		if p.AgentID != nil && *p.AgentID == ac.Agent.ID && p.Slug != current {
			others = append(others, p.Slug)
		}
	}
	if len(others) == 0 {
		return o, nil
	}
	slices.Sort(others)
	other, err := s.loadAgentContext(ctx, ac.Agent.Slug, others[0])
	if err != nil {
		return o, err
	}
	other.Authorized = ac.Authorized
	d2 := other.EvalDraft(snap, d.Skills)
	d2.Options = d.Options
	d2.Options.Pins = nil
	in := d2.Input()
	o.Second = &in
	return o, nil
}
