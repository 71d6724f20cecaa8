package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// TestProfileSaveNeedsReviewPerAgent: whether a save of a profile waits
// for a reviewer is the admin's choice on each agent that uses it by
// default, off by default and audited. With it on, a save from the form,
// the forge or straight through the store (what the API and CLI call)
// leaves the version in use unchanged until a reviewer who is not its
// author approves; a rejection needs a reason.
func TestProfileSaveNeedsReviewPerAgent(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("erin", models.RoleEditor)
		h.addUser("rita", models.RoleReviewer)
		editor := h.login("erin", "erin-password")
		reviewer := h.login("rita", "rita-password")
		admin := h.login("admin", adminPassword)
		current := func() int {
			p, err := h.store.ProfileBySlug(ctx, "web-research")
			if err != nil {
				t.Fatal(err)
			}
			return p.CurrentVersion
		}
		save := func(base int, tools string) *http.Response {
			res, _ := editor.post("/profiles/web-research", url.Values{"base": {strconv.Itoa(base)}, "tools": {tools}, "tier": {"standard"}, "catalog_form": {"compact"}, "message": {"edit"}})
			return res
		}
		// off by default: a save is used at once
		if res := save(1, "web_search\nweb_fetch\nread_file\nworkspace_write\nask_user"); res.StatusCode != http.StatusSeeOther || current() != 2 {
			t.Fatalf("save with review off: %d, current v%d", res.StatusCode, current())
		}
		// the admin turns it on for researcher, whose default profile it is
		a, _ := h.store.AgentBySlug(ctx, "researcher")
		form := url.Values{"version": {strconv.Itoa(a.Version)}, "name": {a.Name}, "description": {a.Description}, "declared": {strings.Join(a.Declared(), "\n")},
			"default_profile": {"web-research"}, "profile_review": {"1"}}
		if res, _ := editor.post("/agents/researcher", form); res.StatusCode != http.StatusForbidden {
			t.Errorf("an editor changed the agent's review setting: %d", res.StatusCode)
		}
		if res, _ := admin.post("/agents/researcher", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("admin sets profile review: %d", res.StatusCode)
		}
		events, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Subject: "agent:researcher"})
		audited := false
		for _, e := range events {
			audited = audited || (e.Action == "agent.profile_review" && strings.HasPrefix(e.Detail, "on "))
		}
		if !audited {
			t.Error("turning profile review on is not audited")
		}
		_, d := admin.get("/agents/researcher")
		if d.Find(`[data-testid="profile-review-box"][checked]`).Length() != 1 || d.Find(`[data-testid="agent-profile-review"]`).Length() != 1 {
			t.Error("the agent page does not show that its default profile's saves need review")
		}
		// now a save waits, and the version in use stays
		if res := save(2, "web_search\nweb_fetch\nask_user"); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("save needing review: %d", res.StatusCode)
		}
		if current() != 2 {
			t.Fatalf("a save needing review became current: v%d", current())
		}
		key := h.apiKey()
		res, b := h.api(http.MethodPost, "/api/v1/compose", key, map[string]any{"agent": "researcher"})
		var out struct {
			ProfileVersion int `json:"profile_version"`
		}
		json.Unmarshal(b, &out)
		if res.StatusCode != http.StatusOK || out.ProfileVersion != 2 {
			t.Errorf("compose serves v%d (%d), want v2 while v3 awaits review", out.ProfileVersion, res.StatusCode)
		}
		_, d = editor.get("/profiles/web-research")
		if d.Find(`[data-testid="pending-3"] [data-testid="version-status"]`).Length() != 1 || d.Find(`[data-testid="pending-3"] a[href="/profiles/web-research/diff?a=2&b=3"]`).Length() != 1 {
			t.Error("the profile page does not show v3 awaiting review with its diff against v2")
		}
		// the store's own save (API, CLI, forge) is held the same way
		snap, _ := h.app.snapshot(ctx)
		v, err := h.store.SaveProfileVersion(ctx, "erin", "web-research", 2, models.ProfileContent{Tools: []string{"web_search"}, Tier: "standard", CatalogForm: "compact"}, snap.KnownTools(), models.TokenTotals{})
		if err != nil || v.Status != models.VersionPending || current() != 2 {
			t.Fatalf("store save: %v, status %q, current v%d", err, v.Status, current())
		}
		// the author cannot approve; an editor cannot; a rejection needs a reason
		if res, _ := editor.post("/profiles/web-research/versions/3/decide", url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("an editor approved: %d", res.StatusCode)
		}
		if res, _ := reviewer.post("/profiles/web-research/versions/4/decide", url.Values{"decision": {"reject"}}); res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("a rejection without a reason: %d", res.StatusCode)
		}
		if res, _ := reviewer.post("/profiles/web-research/versions/4/decide", url.Values{"decision": {"reject"}, "reason": {"drops the fetcher"}}); res.StatusCode != http.StatusSeeOther {
			t.Errorf("reject: %d", res.StatusCode)
		}
		if res, _ := reviewer.post("/profiles/web-research/versions/3/decide", url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusSeeOther || current() != 3 {
			t.Fatalf("approve: %d, current v%d", res.StatusCode, current())
		}
		if res, _ := reviewer.post("/profiles/web-research/versions/4/decide", url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusConflict {
			t.Errorf("a rejected version was approved: %d", res.StatusCode)
		}
		events, _, _ = h.store.AuditEvents(ctx, models.AuditFilter{Subject: "profile:web-research"})
		seen := map[string]bool{}
		for _, e := range events {
			seen[e.Action] = true
		}
		for _, act := range []string{"profile.propose", "profile.approve", "profile.reject"} {
			if !seen[act] {
				t.Errorf("%s not audited", act)
			}
		}
	})
}

// TestApprovingAStalePendingVersionIsRefused: a pending version made from
// a version that is no longer current cannot be approved (it would undo
// what came since).
func TestApprovingAStalePendingVersionIsRefused(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	snap, _ := h.app.snapshot(ctx)
	known := snap.KnownTools()
	ct := func(tools ...string) models.ProfileContent {
		return models.ProfileContent{Tools: tools, Tier: "standard", CatalogForm: "compact"}
	}
	a, _ := h.store.AgentBySlug(ctx, "researcher")
	if _, err := h.store.UpdateAgent(ctx, "admin", "researcher", a.Version, models.AgentInput{Name: a.Name, Declared: a.Declared(), DefaultProfile: "web-research", ProfileReview: true}, known); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.SaveProfileVersion(ctx, "erin", "web-research", 1, ct("web_search"), known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.SaveProfileVersion(ctx, "erin", "web-research", 1, ct("web_fetch"), known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	admin, _ := h.store.UserByName(ctx, "admin")
	if err := h.store.DecideProfileVersion(ctx, admin, "web-research", 3, true, ""); err != nil {
		t.Fatal(err)
	}
	if err := h.store.DecideProfileVersion(ctx, admin, "web-research", 2, true, ""); !errors.Is(err, models.ErrBaseMoved) {
		t.Errorf("approving v2 made from v1 after v3 became current: %v", err)
	}
}

// TestApprovingAVersionTheCatalogLeftBehindIsRefused: a pending version
// lists a tool a later import removed from the catalog; approving it is
// refused 422 naming the field and the tool (a save listing that tool is
// refused the same way), nothing changes, and it can still be rejected.
func TestApprovingAVersionTheCatalogLeftBehindIsRefused(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		withGitHubAvailable(t, h)
		snap, _ := h.app.snapshot(ctx)
		known := snap.KnownTools()
		a, _ := h.store.AgentBySlug(ctx, "researcher")
		if _, err := h.store.UpdateAgent(ctx, "admin", "researcher", a.Version, models.AgentInput{Name: a.Name, Declared: a.Declared(), DefaultProfile: "web-research", ProfileReview: true}, known); err != nil {
			t.Fatal(err)
		}
		const gone = "github.get_me"
		v, err := h.store.SaveProfileVersion(ctx, "erin", "web-research", 1, models.ProfileContent{Tools: []string{"web_search", gone}, Pins: []string{gone}, Tier: "standard", CatalogForm: "compact", Deferred: true}, known, models.TokenTotals{})
		if err != nil || v.Status != models.VersionPending {
			t.Fatalf("pending save: %v %+v", err, v)
		}
		var rest []catalog.Contract
		for _, c := range catalogtest.GitHub(t) {
			if c.ID != gone {
				rest = append(rest, c)
			}
		}
		if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", rest, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.ToolByID(ctx, gone); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("the import kept %s: %v", gone, err)
		}
		admin := h.login("admin", adminPassword)
		res, d := admin.post("/profiles/web-research/versions/"+strconv.Itoa(v.Version)+"/decide", url.Values{"decision": {"approve"}})
		if msg := d.Text(); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(msg, "tools:") || !strings.Contains(msg, gone) {
			t.Errorf("approving a version listing a removed tool: %d %q", res.StatusCode, strings.Join(strings.Fields(msg), " "))
		}
		p, _ := h.store.ProfileBySlug(ctx, "web-research")
		got, _ := h.store.ProfileVersionAt(ctx, p.ID, v.Version)
		if p.CurrentVersion != 1 || got.Status != models.VersionPending {
			t.Errorf("a refused approval changed the profile: current v%d, v%d %s", p.CurrentVersion, v.Version, got.Status)
		}
		if res, _ := admin.post("/profiles/web-research/versions/"+strconv.Itoa(v.Version)+"/decide", url.Values{"decision": {"reject"}, "reason": {"lists a removed tool"}}); res.StatusCode != http.StatusSeeOther {
			t.Errorf("rejecting it: %d", res.StatusCode)
		}
	})
}
