package web

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// authState is everything a call-time check needs besides the binding,
// for one pair of (catalog, configuration) generations. Every change that
// can revoke — a grant, a tool's ledger state, an agent's declarations, a
// profile — moves one of the two generations in its own transaction, and
// every check reads both from the database first, so no replica answers
// from a state older than the last committed revocation.
type authState struct {
	catGen, cfgGen int64
	tools          map[string]authority.Tool
	// nameable are the tools a conversation set may name: every tool
	// that is, or was, approved (models.Tool.EverApproved)
	nameable map[string]bool
	// contracts are the tools' reviewed contracts, whose input schemas a
	// call's arguments are checked against.
	contracts   map[string]*catalog.Contract
	agents      map[string]authAgent
	profiles    map[string][]string // slug → current version's tools
	profileByID map[uint]string
	// madeFor is each profile's default agent (nil: made for no agent)
	madeFor map[string]*uint
	grants  []authority.Grant
	// groups are the console's groups, by name.
	groups map[string]bool
	// versions pins the authority a binding is issued under (pin)
	versions authVersions
	// requestTTL is how long a pending approval request waits for a
	// reviewer (models.Store.ApprovalRequestTTL)
	requestTTL time.Duration
}

type authAgent struct {
	id                 uint
	declared, services []string
	defaultProfile     *uint
	// stamp is what a pin holds of the agent (models.AgentStamp)
	stamp string
}

// authCache holds the newest authState of this process.
type authCache struct {
	mu    sync.Mutex
	state *authState
}

// authorityAt returns the state of the generations the caller has just
// read, rebuilding it when either moved.
func (s *Server) authorityAt(ctx context.Context, catGen, cfgGen int64) (*authState, error) {
	s.auth.mu.Lock()
	defer s.auth.mu.Unlock()
	if st := s.auth.state; st != nil && st.catGen == catGen && st.cfgGen == cfgGen {
		return st, nil
	}
	st, err := loadAuthState(ctx, s.store, catGen, cfgGen)
	if err != nil {
		return nil, err
	}
	s.auth.state = st
	return st, nil
}

// loadAuthState reads tools, agents, profiles and grants. It runs after
// the generations were read, so it sees at least their state.
func loadAuthState(ctx context.Context, store *models.Store, catGen, cfgGen int64) (*authState, error) {
	st := &authState{catGen: catGen, cfgGen: cfgGen, tools: map[string]authority.Tool{}, nameable: map[string]bool{}, contracts: map[string]*catalog.Contract{}, agents: map[string]authAgent{}, profiles: map[string][]string{}, profileByID: map[uint]string{}, madeFor: map[string]*uint{},
		versions: authVersions{reviewed: map[string]string{}, profiles: map[string]int{}, groups: map[string]int{}}, requestTTL: store.ApprovalRequestTTL()}
	rows, err := store.Tools(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		c, err := r.Parsed()
		if err == nil {
			st.contracts[r.ID] = &c
		}
		st.tools[r.ID] = r.AuthorityToolOf(c)
		st.versions.reviewed[r.ID] = r.ReviewStamp()
		st.nameable[r.ID] = r.EverApproved()
	}
	agents, err := store.Agents(ctx)
	if err != nil {
		return nil, err
	}
	for _, a := range agents {
		st.agents[a.Slug] = authAgent{id: a.ID, declared: a.Declared(), services: a.Services(), defaultProfile: a.DefaultProfileID, stamp: models.AgentStamp(a)}
	}
	profiles, err := store.Profiles(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range profiles {
		v, err := store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
		if err != nil {
			return nil, fmt.Errorf("web: profile %s: %w", p.Slug, err)
		}
		tools := v.Tools()
		if tools == nil {
			tools = []string{}
		}
		st.profiles[p.Slug] = tools
		st.versions.profiles[p.Slug] = p.CurrentVersion
		st.profileByID[p.ID] = p.Slug
		st.madeFor[p.Slug] = p.AgentID
	}
	if st.grants, err = store.AllGrants(ctx); err != nil {
		return nil, err
	}
	gs, err := store.Groups(ctx)
	if err != nil {
		return nil, err
	}
	st.groups = make(map[string]bool, len(gs)+1)
	st.groups[authority.Everyone] = true
	for _, g := range gs {
		st.groups[g.Name] = true
		st.versions.groups[g.Name] = g.Version
	}
	return st, nil
}

// agentFor resolves the agent and the profile a check runs under: the
// named profile, else the agent's default, else none.
func (st *authState) agentFor(agent, profile string) (authority.Agent, error) {
	a, ok := st.agents[agent]
	if !ok {
		return authority.Agent{}, apiErr(404, "not_found", "agent", fmt.Sprintf("no agent %q", agent))
	}
	out := authority.Agent{Slug: agent, Declared: a.declared, Services: a.services}
	switch {
	case profile != "":
		tools, ok := st.profiles[profile]
		if !ok {
			return out, apiErr(404, "not_found", "profile", fmt.Sprintf("no profile %q", profile))
		}
		// refused as compose and the gateway refuse it
		if err := runtime.ProfileFits(st.madeFor[profile], a.id, profile, agent); err != nil {
			return out, composeStatus(err)
		}
		out.Profile, out.ProfileSlug = tools, profile
	case a.defaultProfile != nil:
		out.ProfileSlug = st.profileByID[*a.defaultProfile]
		out.Profile = st.profiles[out.ProfileSlug]
		if err := runtime.DefaultProfileFits(st.madeFor[out.ProfileSlug], a.id, out.ProfileSlug, agent); err != nil {
			return out, composeStatus(err)
		}
	}
	return out, nil
}

// checkAgentSet refuses a check's conversation set (tools, without)
// naming a tool that is not one of the agent's catalog tools, as runs and
// the gateway do: 422 naming the field and the id, the same answer for a
// tool of another agent as for an id no catalog entry has.
func (s *Server) checkAgentSet(ctx context.Context, cs models.CheckState, agent string, pick, without []string) error {
	if len(pick) == 0 && len(without) == 0 {
		return nil
	}
	st, err := s.authorityAt(ctx, cs.CatalogGen, cs.ConfigGen)
	if err != nil {
		return err
	}
	a, ok := st.agents[agent]
	if !ok {
		return apiErr(404, "not_found", "agent", fmt.Sprintf("no agent %q", agent))
	}
	known := func(id string) bool { return st.nameable[id] }
	return composeStatus(runtime.CheckAgentToolSet(known, agent, a.declared, a.services, pick, without))
}

// arguments checks an allowed call's arguments (nil: none sent) against
// the reviewed input schema of the tool it allowed.
func (st *authState) arguments(d authority.Decision, t *authority.Tool, raw []byte) authority.Decision {
	if !d.Allow || raw == nil || t == nil {
		return d
	}
	return authority.CheckArguments(d, t.Digest, st.contracts[t.ID], raw)
}

// decide runs the pure check against this state.
func (st *authState) decide(ag authority.Agent, subject *authority.Subject, tool string, b *authority.Binding, ap *authority.Approval, argsDigest string, now time.Time) (authority.Decision, *authority.Tool) {
	c := authority.Check{Agent: ag, Subject: subject, ToolID: tool, Grants: st.grants, Binding: b, Approval: ap, ArgsDigest: argsDigest, Now: now}
	if b != nil {
		c.Pin = st.pin(ag.Slug, ag.ProfileSlug, subject, tool)
	}
	if t, ok := st.tools[tool]; ok {
		c.Tool = &t
	}
	return authority.Decide(c), c.Tool
}

// countedGroups is the groups a check of the subject is counted under
// (see authority.CountedGroups).
func (st *authState) countedGroups(subject *authority.Subject) []string {
	return authority.CountedGroups(authority.GroupsOf(subject), func(g string) bool { return st.groups[g] })
}
