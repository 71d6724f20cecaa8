package runtime

import (
	"context"

	"github.com/agentforge/console/instruction/authority"
)

// ForSubject narrows an agent context to what the subject is granted: its
// drafts leave every other tool out of the roster and the levers, and
// Resolve names the authorized set as what dropped it. No subject is the
// group everyone. A tool granted only with approval stays in: the model
// may see it; each call's check asks for the approval.
func ForSubject(ctx context.Context, store Store, snap *Snapshot, ac AgentContext, subject *authority.Subject) (AgentContext, error) {
	grants, err := store.AllGrants(ctx)
	if err != nil {
		return ac, err
	}
	ac.Authorized = AuthorizedSet(snap, grants, authority.GroupsOf(subject))
	return ac, nil
}

// AuthorizedSet is the authorized set of the groups over the snapshot's
// tools, as a membership test.
func AuthorizedSet(snap *Snapshot, grants []authority.Grant, groups []string) func(id string) bool {
	in := map[string]bool{}
	for _, t := range snap.authTools {
		if _, ok := authority.Authorize(groups, grants, t); ok {
			in[t.ID] = true
		}
	}
	return func(id string) bool { return in[id] }
}
