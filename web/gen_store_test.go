package web

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/agentforge/console/models"
)

// TestComposeSeesConfigurationChangesAtOnce: the per-generation cache of
// agents, profiles and skills never answers from before a committed change.
func TestComposeSeesConfigurationChangesAtOnce(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	roster := func() []string {
		res, body := h.api(http.MethodPost, "/api/v1/compose", key, map[string]any{"agent": "researcher", "tier": "compact"})
		if res.StatusCode != http.StatusOK {
			t.Fatalf("compose: %d %s", res.StatusCode, body)
		}
		var out struct{ Roster []string }
		_ = json.Unmarshal(body, &out)
		return out.Roster
	}
	if !slices.Contains(roster(), "web_fetch") {
		t.Fatal("web_fetch not in the researcher's roster")
	}
	ctx := context.Background()
	a, _ := h.store.AgentBySlug(ctx, "researcher")
	decl := slices.DeleteFunc(a.Declared(), func(id string) bool { return id == "web_fetch" })
	known := map[string]bool{}
	for _, id := range a.Declared() {
		known[id] = true
	}
	def := ""
	if a.DefaultProfileID != nil {
		p, _ := h.store.ProfileByID(ctx, *a.DefaultProfileID)
		def = p.Slug
	}
	if _, err := h.store.UpdateAgent(ctx, "admin", "researcher", a.Version, models.AgentInput{Name: a.Name, Description: a.Description, Declared: decl, Services: a.Services(), DefaultProfile: def}, known); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(roster(), "web_fetch") {
		t.Fatal("compose answered from before the agent changed")
	}
}
