package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSkillReviewFlow: an editor proposes a change, sees the diff and
// checks; the author cannot approve; a reviewer approves; a revision makes
// the approval stale; the reviewer re-approves and promotes; the forge
// shows the new version; a rollback puts the old one back; every step is
// in the audit log and the chain verifies.
func TestSkillReviewFlow(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("erin", models.RoleEditor, models.RoleReviewer)
		h.addUser("rita", models.RoleReviewer)
		erin := h.login("erin", "erin-password")
		rita := h.login("rita", "rita-password")

		_, form := erin.get("/skills/source-check/propose")
		summary := form.Find(`textarea[name="summary"]`).Text()
		proc := form.Find(`textarea[name="procedure"]`).Text()
		if summary == "" || proc == "" {
			t.Fatal("propose form not prefilled from production")
		}
		res, _ := erin.post("/skills/source-check/proposals", url.Values{"name": {"Source check"}, "summary": {summary + " Also checks archived copies."}, "procedure": {proc + "6. Prefer the publisher's own page.\n"}, "required_tools": {"web_fetch"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("propose: %d", res.StatusCode)
		}
		loc := res.Header.Get("Location")
		_, page := erin.get(loc)
		if page.Find(`[data-testid="check-failing"]`).Length() != 0 {
			t.Fatalf("checks fail: %s", page.Find(`[data-testid="checks"]`).Text())
		}
		if !strings.Contains(page.Find(`[data-testid="diff"]`).Text(), "+ 6. Prefer the publisher's own page.") {
			t.Error("the diff against production does not show the added line")
		}
		digest := page.Find(`[data-testid="proposal-digest"]`).Text()
		// the author cannot approve
		if res, _ := erin.post(loc+"/reviews", url.Values{"kind": {"approve"}, "digest": {digest}}); res.StatusCode != http.StatusForbidden {
			t.Fatalf("author approved: %d", res.StatusCode)
		}
		// a stale digest is 409 and writes nothing
		if res, _ := rita.post(loc+"/reviews", url.Values{"kind": {"approve"}, "digest": {"deadbeef"}}); res.StatusCode != http.StatusConflict {
			t.Fatalf("stale digest: %d", res.StatusCode)
		}
		if res, _ := rita.post(loc+"/reviews", url.Values{"kind": {"approve"}, "digest": {digest}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve: %d", res.StatusCode)
		}
		// revise: the approval goes stale, promotion is refused
		res, _ = erin.post(loc+"/revise", url.Values{"revision": {"1"}, "name": {"Source check"}, "summary": {summary + " Also checks archived copies."}, "procedure": {proc + "6. Prefer the publisher's own page, then its archive.\n"}, "required_tools": {"web_fetch"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("revise: %d", res.StatusCode)
		}
		if res, _ := rita.post(loc+"/promote", nil); res.StatusCode != http.StatusConflict {
			t.Fatalf("promotion with a stale approval: %d", res.StatusCode)
		}
		_, page = rita.get(loc)
		if page.Find(`[data-testid="fresh-approvals"]`).Text() != "0" {
			t.Error("stale approval counted as fresh")
		}
		digest2 := page.Find(`[data-testid="proposal-digest"]`).Text()
		if res, _ := rita.post(loc+"/reviews", url.Values{"kind": {"approve"}, "digest": {digest2}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("re-approve: %d", res.StatusCode)
		}
		// another open proposal of this skill (the demo's approved one) is
		// now stale too once this one is promoted
		if res, _ := rita.post(loc+"/promote", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("promote: %d", res.StatusCode)
		}
		k, _ := h.store.SkillBySlug(ctx, "source-check")
		prod, _ := h.store.ProductionVersion(ctx, k.ID)
		if prod.Version != 2 || !strings.Contains(prod.Procedure, "then its archive") {
			t.Fatalf("production is v%d", prod.Version)
		}
		// the forge's skills section shows the new version
		_, forge := rita.get("/forge?agent=researcher")
		if !strings.Contains(forgeFullText(forge), "Source check (slug source-check, version 2)") {
			t.Errorf("forge skills section: %q", forge.Find(`[data-testid="section-skills"]`).Text())
		}
		// rollback to v1 (with a reason); an editor may not
		res, _ = rita.post("/skills/source-check/rollback", url.Values{"version": {"1"}, "expected": {"2"}, "reason": {"archive step confuses the model"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rollback: %d", res.StatusCode)
		}
		prod, _ = h.store.ProductionVersion(ctx, k.ID)
		if prod.Version != 1 {
			t.Fatalf("after rollback production is v%d", prod.Version)
		}
		res, _ = rita.post("/skills/source-check/rollback", url.Values{"version": {"2"}, "expected": {"2"}, "reason": {"stale page"}})
		if res.StatusCode != http.StatusConflict && res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("rollback from a stale page: %d", res.StatusCode)
		}
		// audit: every step, chain intact
		for _, action := range []string{"proposal.open", "proposal.approve", "proposal.revise", "skill.promote", "skill.rollback"} {
			if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: action, Actor: map[string]string{"proposal.open": "erin", "proposal.revise": "erin"}[action]}); len(evs) == 0 {
				t.Errorf("no %s event", action)
			}
		}
		v, _ := h.store.VerifyAudit(ctx)
		if v.BrokenAt != 0 {
			t.Fatalf("audit chain broken: %+v", v)
		}
		_, audit := h.login("admin", adminPassword).get("/audit?action=skill.rollback")
		if !strings.Contains(audit.Find(`[data-testid="audit-table"]`).Text(), "archive step confuses the model") || !strings.Contains(audit.Find(`[data-testid="chain-status"]`).Text(), "verified") {
			t.Error("audit page does not show the rollback or the chain status")
		}
	})
}

func TestDemoSkillsState(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, q := admin.get("/reviews")
	// #4 waits for the admin's review; #5 the admin approved already
	if q.Find(`[data-testid^="proposal-"]`).Length() != 1 || q.Find(`[data-testid="proposal-4"]`).Length() != 1 {
		t.Fatalf("review queue holds %d proposals, want #4 alone", q.Find(`[data-testid^="proposal-"]`).Length())
	}
	_, p := admin.get("/proposals/4")
	if p.Find(`[data-testid="check-failing"]`).Length() == 0 {
		t.Error("demo proposal 4 should fail the lint check")
	}
	if res, _ := admin.post("/proposals/4/promote", nil); res.StatusCode != http.StatusConflict {
		t.Errorf("promoting a failing proposal: %d", res.StatusCode)
	}
	_, p = admin.get("/proposals/5")
	if p.Find(`[data-testid="fresh-approvals"]`).Text() != "1" {
		t.Error("demo proposal 5 should be approved")
	}
	if res, _ := admin.post("/proposals/5/promote", nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("promoting the ready proposal: %d", res.StatusCode)
	}
	_, d := admin.get("/")
	if d.Find(`[data-testid="open-proposals"]`).Text() != "1" {
		t.Errorf("dashboard open proposals = %q", d.Find(`[data-testid="open-proposals"]`).Text())
	}
}

// TestSkillRouteRoleMatrix: every skill and proposal route × role; no
// unexpected allow.
func TestSkillRouteRoleMatrix(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("vera", models.RoleViewer)
	h.addUser("eddie", models.RoleEditor)
	h.addUser("rex", models.RoleReviewer)
	clients := map[string]*client{"viewer": h.login("vera", "vera-password"), "editor": h.login("eddie", "eddie-password"), "reviewer": h.login("rex", "rex-password")}
	// allowed[route][role]: may the role get past the route's policy?
	allowed := map[string]map[string]bool{
		"POST /skills":                              {"editor": true},
		"POST /skills/:slug/proposals":              {"editor": true},
		"POST /skills/:slug/rollback":               {"reviewer": true},
		"POST /proposals/:id/revise":                {"editor": true},
		"POST /proposals/:id/reviews":               {"reviewer": true},
		"POST /proposals/:id/reviews/:rid/withdraw": {"reviewer": true},
		"POST /proposals/:id/promote":               {"reviewer": true},
		"POST /proposals/:id/reject":                {"reviewer": true},
		"POST /proposals/:id/withdraw":              {"editor": true},
		"GET /skills/new":                           {"editor": true},
		"GET /skills/:slug/propose":                 {"editor": true},
		"GET /reviews":                              {"reviewer": true},
	}
	unexpected := 0
	for _, r := range h.app.routes {
		key := r.method + " " + r.path
		want, ok := allowed[key]
		if !ok {
			continue
		}
		path := strings.NewReplacer(":slug", "source-check", ":id", "5", ":rid", "1").Replace(r.path)
		for role, c := range clients {
			var res *http.Response
			if r.method == http.MethodGet {
				res, _ = c.get(path)
			} else {
				res, _ = c.post(path, url.Values{})
			}
			got := res.StatusCode != http.StatusForbidden
			if got && !want[role] {
				unexpected++
				t.Errorf("%s as %s: %d (allowed, want 403)", key, role, res.StatusCode)
			}
			if !got && want[role] && r.method == http.MethodGet {
				t.Errorf("%s as %s: 403, want allowed", key, role)
			}
		}
	}
	if unexpected != 0 {
		t.Fatalf("%d unexpected allows", unexpected)
	}
	// the reviewer route for promotions refuses proposal 5's author too
	ctx := context.Background()
	p, _ := h.store.ProposalByID(ctx, 5)
	if _, err := h.store.AddReview(ctx, &models.User{Username: p.Author, Roles: "reviewer"}, 5, models.ReviewApprove, p.Digest, ""); err == nil {
		t.Error("the author approved")
	}
}

// TestDraftsArePrivate: nobody reads or edits another author's draft by id.
func TestDraftsArePrivate(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("erin", models.RoleEditor)
	h.addUser("ed", models.RoleEditor, models.RoleReviewer)
	erin := h.login("erin", "erin-password")
	ed := h.login("ed", "ed-password")
	res, _ := erin.post("/skills/source-check/proposals", url.Values{"draft": {"1"}, "name": {"Source check"}, "summary": {"Checks sources."}, "procedure": {"1. Open each source.\n"}, "required_tools": {"web_fetch"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save draft: %d", res.StatusCode)
	}
	loc := res.Header.Get("Location")
	if res, d := erin.get(loc); res.StatusCode != http.StatusOK || d.Find(`[data-testid="draft"]`).Length() != 1 {
		t.Fatalf("author reads own draft: %d", res.StatusCode)
	}
	if res, _ := ed.get(loc); res.StatusCode != http.StatusNotFound {
		t.Errorf("another user read the draft: %d", res.StatusCode)
	}
	for _, action := range []string{"/revise", "/reviews", "/promote", "/reject", "/withdraw", "/submit"} {
		if res, _ := ed.post(loc+action, url.Values{"revision": {"1"}, "kind": {"approve"}, "digest": {"x"}, "name": {"x"}, "summary": {"x"}, "procedure": {"x"}}); res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusForbidden {
			t.Errorf("another user POST %s on a draft: %d", action, res.StatusCode)
		}
	}
	_, sk := ed.get("/skills/source-check")
	if strings.Contains(sk.Find(`[data-testid="proposals-table"]`).Text(), "Checks sources") {
		t.Error("another user's draft is listed")
	}
	if _, q := ed.get("/reviews"); strings.Contains(q.Text(), "Checks sources") {
		t.Error("a draft is in the review queue")
	}
	if res, _ := erin.post(loc+"/submit", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("submit: %d", res.StatusCode)
	}
	if res, _ := ed.get(loc); res.StatusCode != http.StatusOK {
		t.Errorf("submitted proposal hidden: %d", res.StatusCode)
	}
}
