package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// keyUses calls each path a runtime key authorizes (the REST API, a run's
// search, the gateway) and returns the statuses by path.
func keyUses(h *harness, key string) map[string]int {
	h.t.Helper()
	out := map[string]int{}
	res, _ := h.api(http.MethodGet, "/api/v1/skills/quarterly-report", key, nil)
	out["rest"] = res.StatusCode
	res, _ = h.api(http.MethodPost, "/api/v1/runs/demoted-run/search", key, map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0, "limit": 5})
	out["runs"] = res.StatusCode
	res, _ = h.api(http.MethodPost, "/mcp/analyst", key, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	out["gateway"] = res.StatusCode
	return out
}

// TestADemotedAdminsKeysAreRevoked: an admin's keys stop authorizing on
// every path (REST, runs, gateway) once an admin takes the admin role
// away on the users page; they are revoked in that change, audited with
// the reason, shown so on the API keys page, and a later promotion
// revives none. Failed first: the keys kept working after the demotion.
func TestADemotedAdminsKeysAreRevoked(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("ops3", models.RoleAdmin, models.RoleEditor)
		u, err := h.store.UserByName(ctx, "ops3")
		if err != nil {
			t.Fatal(err)
		}
		runtimeKey, rk, err := h.store.CreateScopedAPIKey(ctx, "ops3", "pipeline", models.ScopeRuntime)
		if err != nil {
			t.Fatal(err)
		}
		readKey, _, err := h.store.CreateAPIKey(ctx, "ops3", "reader")
		if err != nil {
			t.Fatal(err)
		}
		for path, code := range keyUses(h, runtimeKey) {
			if code == http.StatusUnauthorized || code == http.StatusForbidden {
				t.Fatalf("the admin's key before the demotion, %s: %d", path, code)
			}
		}
		admin := h.login("admin", adminPassword)
		res, _ := admin.post(fmt.Sprintf("/users/%d/roles", u.ID), url.Values{"roles": {"editor"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("demote: %d", res.StatusCode)
		}
		for path, code := range keyUses(h, runtimeKey) {
			if code != http.StatusUnauthorized {
				t.Errorf("a demoted admin's runtime key, %s: %d, want 401", path, code)
			}
		}
		if res, body := h.api(http.MethodGet, "/api/v1/skills/quarterly-report", readKey, nil); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("a demoted admin's read key: %d %s", res.StatusCode, body)
		}
		evs, _, err := h.store.AuditEvents(ctx, models.AuditFilter{Action: "apikey.revoke", Subject: fmt.Sprintf("apikey:%d", rk.ID)})
		if err != nil || len(evs) != 1 || !strings.Contains(evs[0].Detail, "no longer an admin") || evs[0].Actor != "admin" {
			t.Errorf("the revocation's audit: %+v %v", evs, err)
		}
		_, doc := admin.get("/apikeys")
		if why := doc.Find(fmt.Sprintf(`[data-testid="apikey-revoked-why-%d"]`, rk.ID)).Text(); !strings.Contains(why, "no longer an admin") {
			t.Errorf("the keys page says of the revoked key: %q", why)
		}
		// promoted again: the keys stay revoked
		if res, _ := admin.post(fmt.Sprintf("/users/%d/roles", u.ID), url.Values{"roles": {"admin", "editor"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("promote: %d", res.StatusCode)
		}
		for path, code := range keyUses(h, runtimeKey) {
			if code != http.StatusUnauthorized {
				t.Errorf("a re-promoted admin's revoked key, %s: %d, want 401", path, code)
			}
		}
	})
}

// TestADisabledCreatorsKeyIsRefusedEverywhere: a disabled creator's key
// is refused on every path (REST, runs, gateway), and the API keys page
// says why.
func TestADisabledCreatorsKeyIsRefusedEverywhere(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("ops5", models.RoleAdmin)
		key5, k5, err := h.store.CreateScopedAPIKey(ctx, "ops5", "pipeline", models.ScopeRuntime)
		if err != nil {
			t.Fatal(err)
		}
		u5, _ := h.store.UserByName(ctx, "ops5")
		if err := h.store.SetDisabled(ctx, "admin", u5.ID, true); err != nil {
			t.Fatal(err)
		}
		h.app.forgetCachedKeys()
		for path, code := range keyUses(h, key5) {
			if code != http.StatusUnauthorized {
				t.Errorf("a disabled creator's key, %s: %d, want 401", path, code)
			}
		}
		_, doc := h.login("admin", adminPassword).get("/apikeys")
		if got := doc.Find(fmt.Sprintf(`[data-testid="apikey-refused-%d"]`, k5.ID)).Text(); !strings.Contains(got, "disabled") {
			t.Errorf("the keys page says of the disabled creator's key: %q", got)
		}
	})
}
