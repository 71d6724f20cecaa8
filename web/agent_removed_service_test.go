package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAgentSavesAfterConnectionRemove: once a declared service's
// connection is removed, the agent that names it still saves (an admin
// changes its description): the save goes through, and the page warns
// about the service by name instead of refusing. A misspelt service
// on a new agent is warned about the same way.
func TestAgentSavesAfterConnectionRemove(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	up := upstreamtest.New()
	defer up.Close()
	h.gatewayFixture("demo", up.URL, false)
	if _, err := h.store.DeleteConnection(ctx, "admin", "demo"); err != nil {
		t.Fatal(err)
	}
	a, err := h.store.AgentBySlug(ctx, "helper")
	if err != nil {
		t.Fatal(err)
	}
	admin := h.login("admin", adminPassword)
	form := url.Values{"version": {strconv.Itoa(a.Version)}, "name": {a.Name}, "description": {"Helps, now without demo."},
		"declared": {strings.Join(a.Declared(), "\n")}, "services": {strings.Join(a.Services(), "\n")}, "default_profile": {"gw"}}
	res, doc := admin.post("/agents/helper", form)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save after connection remove: got %d, want 303\n%s", res.StatusCode, clip(doc.Find(`[data-testid$="error"], .error, [role="alert"]`).Text(), 600))
	}
	if got, _ := h.store.AgentBySlug(ctx, "helper"); got.Description != "Helps, now without demo." {
		t.Errorf("description not saved: %q", got.Description)
	}
	_, page := admin.get("/agents/helper")
	if w := page.Text(); !strings.Contains(w, "demo") || !strings.Contains(strings.ToLower(w), "no connection") {
		t.Errorf("the agent page does not warn about demo having no connection")
	}
	// a misspelt service is saved with the same warning, naming it
	res, _ = admin.post("/agents", url.Values{"slug": {"typo"}, "name": {"Typo"}, "services": {"githb"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("create with a misspelt service: got %d, want 303", res.StatusCode)
	}
	if _, page = admin.get("/agents/typo"); !strings.Contains(page.Text(), "service githb") {
		t.Errorf("no warning names the misspelt service githb")
	}
}
