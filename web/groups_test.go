package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestGroupsPageEditHistoryDiff(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	res, doc := admin.get("/groups")
	if res.StatusCode != 200 || doc.Find(`[data-testid="group-everyone"]`).Length() != 1 || doc.Find(`[data-testid="group-contractors"]`).Length() != 1 {
		t.Fatalf("groups page: %d", res.StatusCode)
	}
	_, doc = admin.get("/groups/contractors")
	text, _ := doc.Find(`[data-testid="grants-text"]`).Html()
	if !strings.Contains(text, "effects read-only") || !strings.Contains(text, "tool workspace_write requires-approval") {
		t.Fatalf("editor text: %q", text)
	}
	// narrow: drop read-only, keep the rest
	res, _ = admin.post("/groups/contractors", url.Values{"base": {"1"}, "grants": {"tool render_chart\ntool workspace_write requires-approval\ntool sql_query"}, "message": {"no blanket reads"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	// a stale base, a bad line, an unknown tool: 422 naming the field, nothing written
	for _, f := range []url.Values{
		{"base": {"1"}, "grants": {"tool exec"}},
		{"base": {"2"}, "grants": {"give everything"}},
		{"base": {"2"}, "grants": {"tool launch_rockets"}},
		{"base": {"2"}, "grants": {"effects harmless"}},
		{"base": {"2"}, "grants": {"service nosuchsvc"}},
	} {
		res, doc := admin.post("/groups/contractors", f)
		if res.StatusCode != http.StatusUnprocessableEntity || doc.Find(`[data-testid="error-grants"]`).Length() != 1 {
			t.Errorf("%v: %d", f, res.StatusCode)
		}
	}
	_, doc = admin.get("/groups/contractors?from=1&to=2")
	if doc.Find(`[data-testid="group-version-2"]`).Length() != 1 {
		t.Error("history lacks v2")
	}
	removed := doc.Find(`[data-testid="diff-removed"]`).Text()
	added := doc.Find(`[data-testid="diff-added"]`).Text()
	if !strings.Contains(removed, "effects read-only") || !strings.Contains(added, "tool sql_query") {
		t.Errorf("diff: removed %q added %q", removed, added)
	}
	// compared as a profile's versions are: A and B picked in the history
	// (the chosen pair checked), one button, the difference as badges
	if doc.Find(`[data-testid="group-diff-form"] input[type=radio][name="from"][value="1"][checked]`).Length() != 1 ||
		doc.Find(`[data-testid="group-diff-form"] input[type=radio][name="to"][value="2"][checked]`).Length() != 1 ||
		doc.Find(`[data-testid="group-diff-form"] [data-testid="group-version-2"]`).Length() != 1 ||
		doc.Find(`[data-testid="group-compare"]`).Length() != 1 {
		t.Error("the group's history does not offer A and B to compare, as a profile's does")
	}
	if doc.Find(`[data-testid="group-diff"] .badge[data-testid="diff-added"]`).Length() == 0 {
		t.Error("the group's difference is not shown as badges, as a profile's is")
	}
	if res, _ := admin.get("/groups/contractors?from=1&to=9"); res.StatusCode != http.StatusBadRequest {
		t.Errorf("diff to a missing version: %d", res.StatusCode)
	}
	// a new group
	res, _ = admin.post("/groups", url.Values{"base": {"0"}, "name": {"staff"}, "grants": {"service github\neffects read-only"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("create: %d", res.StatusCode)
	}
	if res, doc := admin.post("/groups", url.Values{"base": {"0"}, "name": {"staff"}, "grants": {""}}); res.StatusCode != 422 || doc.Find(`[data-testid="error-group"]`).Length() != 1 {
		t.Errorf("duplicate group: %d", res.StatusCode)
	}
	gs, _ := h.store.AllGrants(context.Background())
	n := 0
	for _, g := range gs {
		if g.Group == "contractors" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("contractors have %d grants, want 3", n)
	}
	// viewers and reviewers do not manage grants
	h.addUser("vera", "viewer")
	vera := h.login("vera", "vera-password")
	if res, _ := vera.get("/groups"); res.StatusCode != http.StatusForbidden {
		t.Errorf("viewer on /groups: %d", res.StatusCode)
	}
}

func TestChecksPage(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "exec", "subject": contractor("u1")})
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "exec"})
	admin := h.login("admin", adminPassword)
	res, doc := admin.get("/checks?agent=analyst")
	if res.StatusCode != 200 {
		t.Fatalf("checks: %d", res.StatusCode)
	}
	for _, id := range []string{"check-analyst-exec-contractors-permission_denied", "check-analyst-exec-everyone-allow"} {
		if doc.Find(`[data-testid="`+id+`"]`).Length() != 1 {
			t.Errorf("no row %s", id)
		}
	}
}
