package web

import (
	"context"
	"sort"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// importLosses lists, for each tool an import would send back to review
// (changed while available), the agents that declare it and the profiles
// whose current version lists it: they lose the tool until a reviewer
// approves the change.
func (s *Server) importLosses(ctx context.Context, ids []string) ([]views.ImportLoss, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]*views.ImportLoss{}
	for _, id := range ids {
		if _, ok := snap.Available().Get(id); ok {
			out[id] = &views.ImportLoss{Tool: id}
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	agents, err := s.store.Agents(ctx)
	if err != nil {
		return nil, err
	}
	for _, a := range agents {
		for _, id := range a.Declared() {
			if l := out[id]; l != nil {
				l.Agents = append(l.Agents, a.Slug)
			}
		}
	}
	profiles, err := s.store.Profiles(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range profiles {
		v, err := s.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
		if err != nil {
			return nil, err
		}
		for _, id := range v.Tools() {
			if l := out[id]; l != nil {
				l.Profiles = append(l.Profiles, p.Slug)
			}
		}
	}
	var list []views.ImportLoss
	for _, l := range out {
		if len(l.Agents)+len(l.Profiles) > 0 {
			list = append(list, *l)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Tool < list[j].Tool })
	return list, nil
}

// changedIDs are the ids of the tools a plan changes.
func changedIDs(plan models.ImportPlan) []string {
	ids := make([]string, 0, len(plan.Changed))
	for _, ch := range plan.Changed {
		ids = append(ids, ch.New.ID)
	}
	return ids
}
