package web

import (
	"context"
	"testing"
)

// TestAgentPageLeavesOutOtherAgentsProfiles: an agent's page listed,
// under "the other profiles", every profile made for another agent, each
// "0 of N declared tools" with a wall of ids it leaves out. Now it lists
// the profiles made for this agent or for no agent.
func TestAgentPageLeavesOutOtherAgentsProfiles(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	a, err := h.store.AgentBySlug(ctx, "analyst")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := h.store.Profiles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, doc := h.login("admin", adminPassword).get("/agents/analyst")
	others := 0
	for _, p := range ps {
		if p.AgentID == nil || *p.AgentID == a.ID {
			continue
		}
		others++
		if doc.Find(`[data-testid="roster-`+p.Slug+`"]`).Length() != 0 {
			t.Errorf("the analyst's page lists %s, a profile made for another agent", p.Slug)
		}
	}
	if others == 0 {
		t.Fatal("the demo has no profile made for another agent: the test proves nothing")
	}
}
