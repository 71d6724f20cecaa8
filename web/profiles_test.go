package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestProfileLifecycle: an admin declares tools for an agent, an editor
// builds a profile in the forge and saves it, saves again, compares v1 with
// v2, restores v1; a second editor saving from a stale page is told so.
func TestProfileLifecycle(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("erin", models.RoleEditor)
		h.addUser("ed", models.RoleEditor)
		h.addUser("victor", models.RoleViewer)
		admin := h.login("admin", adminPassword)
		res, _ := admin.post("/agents", url.Values{"slug": {"helper"}, "name": {"Helper"}, "declared": {"read_file\nexec\nworkspace_write\nweb_search"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create agent: %d", res.StatusCode)
		}
		res, d := admin.post("/agents", url.Values{"slug": {"Bad Slug"}, "name": {""}, "declared": {"read_file\nnope\nread_file"}})
		if res.StatusCode != http.StatusUnprocessableEntity || d.Find(`[data-testid="error-slug"]`).Length() != 1 || d.Find(`[data-testid="error-declared"]`).Length() != 1 {
			t.Fatalf("invalid agent: %d", res.StatusCode)
		}
		erin := h.login("erin", "erin-password")
		res, _ = erin.post("/profiles", url.Values{"slug": {"lean"}, "name": {"Lean"}, "agent": {"helper"}, "tools": {"read_file\nexec\nweb_fetch"}, "tier": {"standard"}, "catalog_form": {"full"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create profile: %d", res.StatusCode)
		}
		// the forge shows the undeclared tool and composes without it
		_, f := erin.get("/forge?agent=helper&profile=lean")
		if !strings.Contains(f.Find(`[data-testid="roster-notes"]`).Text(), "web_fetch") || !strings.Contains(f.Find(`[data-testid="roster-notes"]`).Text(), "not declared") {
			t.Errorf("forge does not flag the undeclared tool: %q", f.Find(`[data-testid="roster-notes"]`).Text())
		}
		if strings.Contains(forgeFullText(f), "### web_fetch") {
			t.Error("an undeclared tool was composed")
		}
		// toggle exec off in the forge and save as v2
		state, _ := f.Find(`[data-testid="save-form"] input[name="state"]`).Attr("value")
		q, _ := url.ParseQuery(state)
		q.Set("off", "exec,workspace_write,web_search")
		_, f2 := erin.get("/forge?" + q.Encode())
		if !strings.Contains(f2.Find(`[data-testid="compare"]`).Text(), "− exec") {
			t.Errorf("compare view misses the removed tool: %q", f2.Find(`[data-testid="compare"]`).Text())
		}
		state2, _ := f2.Find(`[data-testid="save-form"] input[name="state"]`).Attr("value")
		res, _ = erin.post("/forge/save", url.Values{"state": {state2}, "base": {"1"}, "message": {"no exec"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("forge save: %d", res.StatusCode)
		}
		p, _ := h.store.ProfileBySlug(ctx, "lean")
		v2, _ := h.store.ProfileVersionAt(ctx, p.ID, 2)
		if got := strings.Join(v2.Tools(), ","); got != "read_file,web_fetch" || v2.Total == 0 {
			t.Fatalf("v2 tools %q (undeclared web_fetch kept), total %d", got, v2.Total)
		}
		v1, _ := h.store.ProfileVersionAt(ctx, p.ID, 1)
		if v2.Total >= v1.Total {
			t.Errorf("dropping exec did not lower the recorded total: %d → %d", v1.Total, v2.Total)
		}
		// compare v1 with v2
		_, diff := erin.get("/profiles/lean/diff?a=1&b=2")
		if diff.Find(`[data-testid="removed"]`).Text() != "− exec" || !strings.HasPrefix(diff.Find(`[data-testid="diff-total"]`).Text(), "−") {
			t.Errorf("diff: removed %q total %q", diff.Find(`[data-testid="removed"]`).Text(), diff.Find(`[data-testid="diff-total"]`).Text())
		}
		// a second editor with a stale page is told, not overwritten
		res, conflict := h.login("ed", "ed-password").post("/profiles/lean", url.Values{"base": {"1"}, "tools": {"read_file"}, "tier": {"compact"}, "catalog_form": {"full"}})
		if res.StatusCode != http.StatusConflict || conflict.Find(`[data-testid="conflict"]`).Length() != 1 {
			t.Fatalf("stale save: %d", res.StatusCode)
		}
		// a missing base is a bad request
		if res, _ := erin.post("/profiles/lean", url.Values{"tools": {"read_file"}, "tier": {"compact"}, "catalog_form": {"full"}}); res.StatusCode != http.StatusBadRequest {
			t.Errorf("missing base: %d", res.StatusCode)
		}
		// restore v1 as v3
		res, _ = erin.post("/profiles/lean/restore/1", url.Values{"base": {"2"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("restore: %d", res.StatusCode)
		}
		p, _ = h.store.ProfileBySlug(ctx, "lean")
		v3, _ := h.store.ProfileVersionAt(ctx, p.ID, 3)
		if p.CurrentVersion != 3 || v3.Digest != v1.Digest {
			t.Fatalf("restore: current %d, digest equal %v", p.CurrentVersion, v3.Digest == v1.Digest)
		}
		// viewers cannot save
		if res, _ := h.login("victor", "victor-password").post("/profiles/lean", url.Values{"base": {"3"}, "tools": {"read_file"}, "tier": {"full"}, "catalog_form": {"full"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("viewer save: %d", res.StatusCode)
		}
		// every change audited
		events, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Subject: "profile:lean"})
		if len(events) != 3 {
			t.Errorf("%d profile events, want create, save, restore", len(events))
		}
	})
}

func TestDemoAgentPageShowsRosters(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/agents/researcher")
	r := d.Find(`[data-testid="roster-web-research"]`)
	if r.Length() != 1 || !strings.Contains(r.Text(), "exec") || !strings.Contains(r.Text(), "not declared") {
		t.Fatalf("researcher under web-research: %q", r.Text())
	}
	_, d = c.get("/forge?agent=researcher")
	if d.Find(`[data-testid="channels"]`).Text() != "3" {
		t.Error("researcher's web-research profile lists exec, but exec must not be advertised")
	}
	_, d = c.get("/profiles")
	if d.Find(`[data-testid^="profile-"]`).Length() < 3 {
		t.Error("demo profiles missing")
	}
}
