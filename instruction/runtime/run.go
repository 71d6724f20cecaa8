package runtime

import (
	"context"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
)

// Run is what the requests of a deferred run share for one agent and
// profile at one catalog and configuration generation: the agent's draft
// and the run's surface. It is immutable; callers cache it by generation.
type Run struct {
	Draft          instruction.Draft
	Surface        *deferred.Surface
	Snapshot       *Snapshot
	Agent          string
	Profile        string
	ProfileVersion int
	// SearchBudget and CallBudget are the profile version's budgets of a
	// gateway run (0: none).
	SearchBudget, CallBudget int
	// authorized is the subject's authorized set (nil: not narrowed).
	authorized func(id string) bool
}

// Revoked reports whether a catalog tool is outside the run for a reason
// a revocation causes — the subject is not granted it, or the ledger no
// longer holds it bindable — rather than because the agent or its
// profile never had it (a runtime's configuration error).
func (r *Run) Revoked(id string) bool {
	row, ok := r.Snapshot.Row(id)
	if !ok {
		return false
	}
	return row.Validation != authority.StateBindable || (r.authorized != nil && !r.authorized(id))
}

// LoadRun loads the agent (and profile: the named one, else the agent's
// default), the active skills and builds the draft and its surface: the
// effective roster (declared ∩ profile ∩ authorized ∩ available; a nil
// authorized keeps every tool) with its services, the profile's pins
// (those no longer in the roster pin nothing) and the key over all of it.
// pick and without are the conversation's set (the authority rules: the four sets
// hold at run time): a non-nil pick keeps only the tools it names, and
// without drops tools; a tool either names that is not a catalog tool of
// the agent is an error naming the field, the same for an id the catalog
// has for other agents only as for one it does not have. approvalOnly (nil: none) names the tools the
// subject may call only with a person's approval: the text marks them.
func LoadRun(ctx context.Context, store Store, snap *Snapshot, agent, profile string, pick, without []string, authorized, approvalOnly func(id string) bool) (*Run, error) {
	ac, err := LoadAgent(ctx, store, agent, profile)
	if err != nil {
		return nil, err
	}
	if err := snap.checkAgentToolSet(ac, pick, without); err != nil {
		return nil, err
	}
	ac.Authorized, ac.ApprovalOnly = authorized, approvalOnly
	skills, err := Skills(ctx, store)
	if err != nil {
		return nil, err
	}
	d, _ := ac.Draft(snap, pick)
	for _, id := range without {
		delete(d.Selected, id)
	}
	d.Skills = skills
	if authorized != nil {
		for id := range d.Selected {
			if !authorized(id) {
				delete(d.Selected, id)
			}
		}
	}
	d = d.Settled()
	in := d.Input()
	r := &Run{Snapshot: snap, Agent: ac.Agent.Slug, authorized: authorized}
	if ac.Profile != nil {
		r.Profile, r.ProfileVersion = ac.Profile.Slug, ac.Version.Version
		r.SearchBudget, r.CallBudget = ac.Version.SearchBudget, ac.Version.CallBudget
	}
	inRoster := make(map[string]bool, len(in.Roster))
	for _, e := range in.Roster {
		inRoster[e.ID()] = true
	}
	var pins []string
	for _, p := range d.Options.Pins {
		if inRoster[p] {
			pins = append(pins, p)
		}
	}
	d.Options.Pins = pins
	r.Draft = d
	required := make([][]string, len(d.Skills))
	for i, k := range d.Skills {
		required[i] = k.RequiredTools
	}
	r.Surface, err = deferred.NewSurface(in.Roster, deferred.SurfaceOptions{Agent: r.Agent, Profile: r.Profile, ProfileVersion: r.ProfileVersion, Services: in.Services, Pins: pins,
		Skills: required})
	if err != nil {
		return nil, err
	}
	return r, nil
}
