package web

import (
	"context"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// loadAgentContext loads an agent and a profile for the console's pages:
// the named one, else the agent's default profile, else none, whoever
// the profile was made for (the forge tries any profile on any agent, and
// a page shows an agent as stored). What the runtime serves loads with
// runtime.LoadAgent, which refuses another agent's profile.
func (s *Server) loadAgentContext(ctx context.Context, agentSlug, profileSlug string) (runtime.AgentContext, error) {
	return runtime.LoadAgentAnyProfile(ctx, s.store, agentSlug, profileSlug)
}

// versionTotals is a profile version's one number for an agent: composed
// exactly as the API serves it (and the forge counts it) for a request
// without a subject — what the group everyone is granted — unless the
// context is already narrowed to a subject, with the production skills
// the caller loaded once for its page, in the encoding.
func (s *Server) versionTotals(ctx context.Context, snap *Snapshot, ac runtime.AgentContext, skills []instruction.Skill, enc string) (meter.Totals, error) {
	ac, err := s.servedWithoutSubject(ctx, snap, ac)
	if err != nil {
		return meter.Totals{}, err
	}
	return runtime.Totals(snap, s.meter, ac, skills, enc)
}

// servedWithoutSubject narrows an agent context not narrowed to a
// subject yet to what POST /api/v1/compose serves a request without one
// (runtime.ForSubject: everyone's grants leave a tool out or mark it as
// asking for approval), as the forge's draft is narrowed.
func (s *Server) servedWithoutSubject(ctx context.Context, snap *Snapshot, ac runtime.AgentContext) (runtime.AgentContext, error) {
	if ac.Authorized != nil {
		return ac, nil
	}
	return runtime.ForSubject(ctx, s.store, snap, ac, nil)
}

// profileTotals computes a profile content's totals for its default agent
// (none without one): the figure recorded at save time. Invalid content
// is not composed: it gets no totals, and the store's save reports every
// field error.
func (s *Server) profileTotals(ctx context.Context, snap *Snapshot, agentID *uint, c models.ProfileContent) (models.TokenTotals, error) {
	if agentID == nil || len(c.Validate(snap.KnownTools())) > 0 {
		return models.TokenTotals{}, nil
	}
	a, err := s.store.AgentByID(ctx, *agentID)
	if err != nil {
		return models.TokenTotals{}, err
	}
	skills, err := runtime.Skills(ctx, s.store)
	if err != nil {
		return models.TokenTotals{}, err
	}
	t, err := s.versionTotals(ctx, snap, runtime.AgentContext{Agent: a, Version: runtime.VersionOf(c)}, skills, meter.O200k)
	if err != nil {
		return models.TokenTotals{}, err
	}
	return models.TokenTotals{Encoding: meter.O200k, Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}, nil
}
