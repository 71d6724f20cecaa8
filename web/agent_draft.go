package web

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// agentContext is an agent with the profile version it composes under.
type agentContext struct {
	agent   *models.Agent
	profile *models.Profile
	version *models.ProfileVersion
}

// loadAgentContext loads an agent and a profile: the named one, else the
// agent's default profile, else none.
func (s *Server) loadAgentContext(ctx context.Context, agentSlug, profileSlug string) (agentContext, error) {
	return loadAgentContext(ctx, s.store, agentSlug, profileSlug)
}

func loadAgentContext(ctx context.Context, store *models.Store, agentSlug, profileSlug string) (agentContext, error) {
	var ac agentContext
	a, err := store.AgentBySlug(ctx, agentSlug)
	if err != nil {
		return ac, &instruction.FieldError{Field: "agent", Message: fmt.Sprintf("no agent %q", agentSlug)}
	}
	ac.agent = a
	switch {
	case profileSlug != "":
		p, err := store.ProfileBySlug(ctx, profileSlug)
		if err != nil {
			return ac, &instruction.FieldError{Field: "profile", Message: fmt.Sprintf("no profile %q", profileSlug)}
		}
		ac.profile = p
	case a.DefaultProfileID != nil:
		p, err := store.ProfileByID(ctx, *a.DefaultProfileID)
		if err != nil {
			return ac, err
		}
		ac.profile = p
	}
	if ac.profile != nil {
		v, err := store.ProfileVersionAt(ctx, ac.profile.ID, ac.profile.CurrentVersion)
		if err != nil {
			return ac, err
		}
		ac.version = v
	}
	return ac, nil
}

// agentDraft builds the draft of an agent under its profile version.
func agentDraft(snap *Snapshot, ac agentContext, pick []string) (instruction.Draft, []instruction.RosterNote) {
	return instruction.NewAgentDraft(snap.available, agentSpec(ac.agent, ac.version), pick)
}

func agentSpec(a *models.Agent, v *models.ProfileVersion) instruction.AgentSpec {
	spec := instruction.AgentSpec{Declared: a.Declared(), Services: a.Services()}
	if v != nil {
		spec.Profile = v.Tools()
		if spec.Profile == nil {
			spec.Profile = []string{}
		}
		spec.Options = &instruction.Options{Tier: v.Tier, CatalogForm: v.CatalogForm, Deferred: v.Deferred, Pins: v.Pins()}
	}
	return spec
}

// knownTools is the set of every stored tool id (any status): what agent
// and profile lists may name.
func (sn *Snapshot) knownTools() map[string]bool {
	m := make(map[string]bool, len(sn.rowByID))
	for id := range sn.rowByID {
		m[id] = true
	}
	return m
}

// totalsOf composes a draft and counts it (no levers): what a profile
// version records.
func (s *Server) totalsOf(d instruction.Draft, enc string) (models.TokenTotals, error) {
	c, err := instruction.Compose(d.Input())
	if err != nil {
		return models.TokenTotals{}, err
	}
	_, t, err := s.meter.Measure(enc, c)
	if err != nil {
		return models.TokenTotals{}, err
	}
	return models.TokenTotals{Encoding: enc, Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}, nil
}

// profileTotals computes a profile content's totals for its default agent
// (none without one). Invalid content is not composed: it gets no totals,
// and the store's save reports every field error.
func (s *Server) profileTotals(ctx context.Context, snap *Snapshot, agentID *uint, c models.ProfileContent) (models.TokenTotals, error) {
	if agentID == nil || len(c.Validate(snap.knownTools())) > 0 {
		return models.TokenTotals{}, nil
	}
	a, err := s.store.AgentByID(ctx, *agentID)
	if err != nil {
		return models.TokenTotals{}, err
	}
	return ContentTotals(snap.available, s.meter, a, c)
}

// ContentTotals composes profile content for an agent and counts it in
// o200k_base: what a profile version records.
func ContentTotals(available *catalog.Catalog, m *meter.Meter, a *models.Agent, c models.ProfileContent) (models.TokenTotals, error) {
	v := &models.ProfileVersion{ToolsJSON: jsonList(c.Tools), Tier: c.Tier, CatalogForm: c.CatalogForm, Deferred: c.Deferred, PinsJSON: jsonList(c.Pins)}
	d, _ := instruction.NewAgentDraft(available, agentSpec(a, v), nil)
	comp, err := instruction.Compose(d.Input())
	if err != nil {
		return models.TokenTotals{}, err
	}
	_, t, err := m.Measure(meter.O200k, comp)
	if err != nil {
		return models.TokenTotals{}, err
	}
	return models.TokenTotals{Encoding: meter.O200k, Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}, nil
}

// SeedTotals gives Bootstrap a way to record real token totals on demo
// profile versions.
func SeedTotals(m *meter.Meter) models.TotalsFunc {
	return func(available []catalog.Contract, a *models.Agent, c models.ProfileContent) (models.TokenTotals, error) {
		cat, err := catalog.New(available)
		if err != nil {
			return models.TokenTotals{}, err
		}
		return ContentTotals(cat, m, a, c)
	}
}

func jsonList(ss []string) string {
	if ss == nil {
		ss = []string{}
	}
	b, _ := json.Marshal(ss)
	return string(b)
}
