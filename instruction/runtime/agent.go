package runtime

import (
	"context"
	"fmt"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/models"
)

// AgentContext is an agent with the profile version it composes under
// (Profile and Version are nil when it has none).
type AgentContext struct {
	Agent   *models.Agent
	Profile *models.Profile
	Version *models.ProfileVersion
	// Authorized is the subject's authorized set (nil: not narrowed); see
	// ForSubject.
	Authorized func(id string) bool
	// ApprovalOnly reports the authorized tools the subject may call only
	// with a person's approval (nil: none); see ForSubject.
	ApprovalOnly func(id string) bool
}

// LoadAgent loads an agent and a profile: the named one, else the agent's
// default profile, else none. An unknown agent or profile is a field
// error, and so is a named profile made for another agent (ProfileFits):
// what the runtime serves an agent (compositions, runs, the gateway) is
// composed under its own profiles or one made for no agent. The forge,
// which tries any profile on any agent, loads with LoadAgentAnyProfile.
func LoadAgent(ctx context.Context, store Store, agentSlug, profileSlug string) (AgentContext, error) {
	ac, err := LoadAgentAnyProfile(ctx, store, agentSlug, profileSlug)
	if err != nil || ac.Profile == nil {
		return ac, err
	}
	if profileSlug == "" {
		// a default set before agent saves refused another agent's
		return ac, DefaultProfileFits(ac.Profile.AgentID, ac.Agent.ID, ac.Profile.Slug, agentSlug)
	}
	return ac, ProfileFits(ac.Profile.AgentID, ac.Agent.ID, profileSlug, agentSlug)
}

// DefaultProfileFits is ProfileFits for the profile an agent uses by
// default (the agent's save refuses another agent's; one stored before
// is refused where it would be served).
func DefaultProfileFits(madeFor *uint, agentID uint, profile, agent string) error {
	if madeFor == nil || *madeFor == agentID {
		return nil
	}
	return &instruction.FieldError{Field: "profile", Message: fmt.Sprintf("agent %q's default profile %q is made for another agent: name a profile of its own, or an admin picks one on the Agents page", agent, profile)}
}

// ProfileFits refuses a profile named for an agent when it was made for
// another one (madeFor is the profile's default agent, nil for none): a
// field error naming profile. Composed together, such a pair served
// only the tools both happen to list (often none: an empty surface that
// said nothing of why), and a profile's version records its totals for
// its own agent only.
func ProfileFits(madeFor *uint, agentID uint, profile, agent string) error {
	if madeFor == nil || *madeFor == agentID {
		return nil
	}
	return &instruction.FieldError{Field: "profile", Message: fmt.Sprintf("%q is made for another agent: name one of agent %q's profiles, or one made for no agent", profile, agent)}
}

// LoadAgentAnyProfile is LoadAgent taking a named profile whoever it was
// made for.
func LoadAgentAnyProfile(ctx context.Context, store Store, agentSlug, profileSlug string) (AgentContext, error) {
	var ac AgentContext
	a, err := store.AgentBySlug(ctx, agentSlug)
	if err != nil {
		return ac, &instruction.FieldError{Field: "agent", Message: fmt.Sprintf("no agent %q", agentSlug)}
	}
	ac.Agent = a
	switch {
	case profileSlug != "":
		p, err := store.ProfileBySlug(ctx, profileSlug)
		if err != nil {
			return ac, &instruction.FieldError{Field: "profile", Message: fmt.Sprintf("no profile %q", profileSlug)}
		}
		ac.Profile = p
	case a.DefaultProfileID != nil:
		p, err := store.ProfileByID(ctx, *a.DefaultProfileID)
		if err != nil {
			return ac, err
		}
		ac.Profile = p
	}
	if ac.Profile != nil {
		v, err := store.ProfileVersionAt(ctx, ac.Profile.ID, ac.Profile.CurrentVersion)
		if err != nil {
			return ac, err
		}
		ac.Version = v
	}
	return ac, nil
}

// Spec is what the agent and its profile version say about a composition.
func (ac AgentContext) Spec() instruction.AgentSpec {
	spec := instruction.AgentSpec{Declared: ac.Agent.Declared(), Services: ac.Agent.Services(), Authorized: ac.Authorized, ApprovalOnly: ac.ApprovalOnly}
	if v := ac.Version; v != nil {
		spec.Profile = v.Tools()
		if spec.Profile == nil {
			spec.Profile = []string{}
		}
		spec.Options = &instruction.Options{Tier: v.Tier, CatalogForm: v.CatalogForm, Deferred: v.Deferred, Pins: v.Pins()}
	}
	return spec
}

// Draft builds the agent's draft under its profile version over the
// snapshot's available tools, with a per-conversation pick (nil keeps the
// profile's selection). Notes say why listed tools are out.
func (ac AgentContext) Draft(snap *Snapshot, pick []string) (instruction.Draft, []instruction.RosterNote) {
	spec := ac.Spec()
	spec.Unavailable = snap.UnavailableReason
	return instruction.NewAgentDraft(snap.available, spec, pick)
}

// EvalDraft is the agent context's draft with the production skills, as
// the forge and the API compose it. Every selection evaluation outside the
// forge (the cases page, profile compare) starts from it, so an expected
// skill fares the same on every surface.
func (ac AgentContext) EvalDraft(snap *Snapshot, skills []instruction.Skill) instruction.Draft {
	d, _ := ac.Draft(snap, nil)
	d.Skills = skills
	return d
}

// Skills lists the production skill versions as the composer takes them.
func Skills(ctx context.Context, store Store) ([]instruction.Skill, error) {
	as, err := store.ActiveSkills(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]instruction.Skill, len(as))
	for i, a := range as {
		out[i] = instruction.Skill{Slug: a.Slug, Name: a.Version.Name, Summary: a.Version.Summary, Version: a.Version.Version, RequiredTools: a.Version.RequiredTools(), Digest: a.Version.Digest}
	}
	return out, nil
}
