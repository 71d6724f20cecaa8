package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAProfileOfAnotherAgentIsRefusedByName: ?profile= naming a profile
// made for another agent served the gateway an empty surface (the
// agent's declared tools and the profile's have nothing in common: no
// tool, and a "no tools" instruction), and the REST routes the same
// empty roster. Every runtime surface now refuses it alike, naming
// profile: the gateway's initialize, compose, authorize, a run's step,
// a binding and the manifest. A profile made for this agent or for no
// agent serves as before.
func TestAProfileOfAnotherAgentIsRefusedByName(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.NewLean()
	t.Cleanup(up.Close)
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	known := map[string]bool{}
	tools, _ := h.store.Tools(ctx)
	for _, tl := range tools {
		known[tl.ID] = true
	}
	// made for the analyst: demo.echo is in it, and the helper declares it
	if _, err := h.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "analyst-echo", Name: "Analyst echo", Agent: "analyst", Content: models.ProfileContent{Tools: []string{"read_file", "demo.echo"}, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	// made for the helper: serves as before
	if _, err := h.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "helper-echo", Name: "Helper echo", Agent: "helper", Content: models.ProfileContent{Tools: []string{"demo.echo"}, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	subject := map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"}
	sub := map[string]any{"id": "u1", "groups": []string{"everyone"}}
	for _, p := range []string{"analyst-echo", "document-analysis"} {
		if status, msg := f.initializeAt(t, "?profile="+p, subject); status != http.StatusBadRequest || !strings.HasPrefix(msg, "profile: ") || !strings.Contains(msg, "another agent") {
			t.Errorf("initialize with %s, a profile made for another agent: %d %q, want 400 naming profile", p, status, msg)
		}
		res, out := h.api("POST", "/api/v1/compose", f.key, map[string]any{"agent": "helper", "profile": p})
		if e := apiErrorOf(t, out); res.StatusCode != http.StatusBadRequest || e.Field != "profile" || !strings.Contains(e.Message, "another agent") {
			t.Errorf("compose with %s: %d %s, want 400 naming profile", p, res.StatusCode, out)
		}
		res, out = h.api("POST", "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "profile": p, "subject": sub, "tool": "demo.echo"})
		if e := apiErrorOf(t, out); res.StatusCode != http.StatusBadRequest || e.Field != "profile" || !strings.Contains(e.Message, "another agent") {
			t.Errorf("authorize with %s: %d %s, want 400 naming profile", p, res.StatusCode, out)
		}
		for what, req := range map[string][3]any{
			"a run's step": {"POST", "/api/v1/runs/run-" + p + "/steps", map[string]any{"agent": "helper", "profile": p, "subject": sub}},
			"a binding":    {"POST", "/api/v1/bindings", map[string]any{"agent": "helper", "profile": p, "subject": sub, "tool": "demo.echo", "ttl_seconds": 60}},
			"the manifest": {"GET", "/api/v1/manifest?agent=helper&profile=" + p, nil},
		} {
			res, out = h.api(req[0].(string), req[1].(string), f.key, req[2])
			if e := apiErrorOf(t, out); res.StatusCode != http.StatusBadRequest || e.Field != "profile" || !strings.Contains(e.Message, "another agent") {
				t.Errorf("%s with %s: %d %s, want 400 naming profile", what, p, res.StatusCode, out)
			}
		}
	}
	for _, p := range []string{"helper-echo", "gw"} {
		cs, err := f.connectAt(t, "?profile="+p, subject)
		if err != nil {
			t.Fatalf("initialize with %s, the helper's own or no agent's profile: %v", p, err)
		}
		if got := toolNames(t, cs); len(got) == 0 || got[0] != "demo.echo" {
			t.Errorf("tools under %s = %v, want demo.echo first", p, got)
		}
		res, out := h.api("POST", "/api/v1/compose", f.key, map[string]any{"agent": "helper", "profile": p})
		if res.StatusCode != http.StatusOK || !strings.Contains(string(out), `"demo.echo"`) {
			t.Errorf("compose with %s: %d %.300s", p, res.StatusCode, out)
		}
		if d := h.authorize(f.key, map[string]any{"agent": "helper", "profile": p, "subject": sub, "tool": "demo.echo"}); d.Decision != "allow" {
			t.Errorf("authorize demo.echo under %s: %+v", p, d)
		}
	}
}

// initializeAt posts an initialize to the gateway URL with query and
// returns the status and the JSON-RPC error's message (the body when
// there is none).
func (f *gwFixture) initializeAt(t testing.TB, query string, headers map[string]string) (int, string) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+query, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var e struct{ Error struct{ Message string } }
	if json.Unmarshal(b, &e) == nil && e.Error.Message != "" {
		return res.StatusCode, e.Error.Message
	}
	return res.StatusCode, string(b)
}
