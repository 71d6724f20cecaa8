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

// draftForm is a new skill's form; draft saves it privately.
func draftForm(slug string, draft bool) url.Values {
	f := url.Values{"slug": {slug}, "name": {"Secret plan"}, "summary": {"Plans."}, "procedure": {"1. Plan the secret thing.\n"}, "required_tools": {"read_file"}}
	if draft {
		f.Set("draft", "1")
	}
	return f
}

// Whether a private draft's slug exists is not
// revealed to anyone who may not read the draft. Creating a skill of that
// slug answers as for a free slug (each author keeps a private draft, as
// on GitHub a private repository's name is no one else's business); the
// API answers "no such skill" alike; rollback answers "not found" alike;
// a withdrawn draft stays its author's.
func TestPrivateDraftSlugIsNotConfirmable(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("erin", models.RoleEditor)
		h.addUser("ed", models.RoleEditor)
		h.addUser("rita", models.RoleReviewer)
		erin, ed, rita := h.login("erin", "erin-password"), h.login("ed", "ed-password"), h.login("rita", "rita-password")
		res, _ := erin.post("/skills", draftForm("secret-plan", true))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("erin's draft: %d", res.StatusCode)
		}
		erinDraft := res.Header.Get("Location")

		// another editor's draft and proposal of the same slug: as for a free slug
		res, _ = ed.post("/skills", draftForm("secret-plan", true))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("ed's draft of a slug only erin's private draft holds: %d (a free slug answers 303)", res.StatusCode)
		}
		edDraft := res.Header.Get("Location")
		hiddenRes, hiddenPage := ed.get(erinDraft)
		noneRes, nonePage := ed.get("/proposals/999999")
		if hiddenRes.StatusCode != http.StatusNotFound || noneRes.StatusCode != http.StatusNotFound || hiddenPage.Find("main").Text() != nonePage.Find("main").Text() {
			t.Errorf("ed opens erin's draft: %d %q; a proposal that does not exist: %d %q (want the same 404)", hiddenRes.StatusCode, hiddenPage.Find("main").Text(), noneRes.StatusCode, nonePage.Find("main").Text())
		}
		if res, d := erin.get(erinDraft); res.StatusCode != http.StatusOK || !strings.Contains(d.Text(), "Plan the secret thing") {
			t.Errorf("erin no longer reads her draft: %d", res.StatusCode)
		}
		if res, _ := erin.get(edDraft); res.StatusCode != http.StatusNotFound {
			t.Errorf("erin reads ed's draft: %d", res.StatusCode)
		}
		// once a proposal of the slug is open, the slug is public: taken
		res, _ = ed.post(edDraft+"/submit", nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("submit: %d", res.StatusCode)
		}
		h.addUser("olga", models.RoleEditor)
		olga := h.login("olga", "olga-password")
		if res, d := olga.post("/skills", draftForm("secret-plan", false)); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(d.Text(), "taken") {
			t.Errorf("a slug with an open proposal: %d, want 422 taken", res.StatusCode)
		}
		if res, _ := erin.get(erinDraft); res.StatusCode != http.StatusOK {
			t.Errorf("erin's draft after ed's submission: %d", res.StatusCode)
		}

		// another private draft, never opened: rollback and the API say
		// what they say of a slug that does not exist
		if res, _ := erin.post("/skills", draftForm("hidden-plan", true)); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("second draft: %d", res.StatusCode)
		}
		rb := url.Values{"version": {"1"}, "expected": {"0"}, "reason": {"probing"}}
		hidden, _ := rita.post("/skills/hidden-plan/rollback", rb)
		none, _ := rita.post("/skills/no-such-plan/rollback", rb)
		if hidden.StatusCode != none.StatusCode || hidden.StatusCode != http.StatusNotFound {
			t.Errorf("rollback of a private draft's slug: %d, of no skill: %d (want both 404)", hidden.StatusCode, none.StatusCode)
		}
		edKey, _, err := h.store.CreateAPIKey(ctx, "ed", "ed's runtime")
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"", "?label=production", "?version=1"} {
			r1, b1 := h.api("GET", "/api/v1/skills/hidden-plan"+q, edKey, nil)
			r2, b2 := h.api("GET", "/api/v1/skills/no-such-plan"+q, edKey, nil)
			if r1.StatusCode != r2.StatusCode || apiErrorOf(t, b1) != apiErrorOf(t, b2) {
				t.Errorf("GET skills/hidden-plan%s: %d %s; of no skill: %d %s (want the same answer)", q, r1.StatusCode, b1, r2.StatusCode, b2)
			}
		}
		erinKey, _, err := h.store.CreateAPIKey(ctx, "erin", "erin's runtime")
		if err != nil {
			t.Fatal(err)
		}
		if r, b := h.api("GET", "/api/v1/skills/hidden-plan", erinKey, nil); r.StatusCode != http.StatusNotFound || apiErrorOf(t, b).Field != "label" {
			t.Errorf("the draft's author asks for its production version: %d %s (want 404 naming label)", r.StatusCode, b)
		}

		// a withdrawn draft was never public: it stays its author's
		res, _ = erin.post("/skills", draftForm("dropped-plan", true))
		dropped := res.Header.Get("Location")
		if res, _ := erin.post(dropped+"/withdraw", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("withdraw: %d", res.StatusCode)
		}
		if res, d := ed.get(dropped); res.StatusCode != http.StatusNotFound {
			t.Errorf("ed reads erin's withdrawn draft: %d %s", res.StatusCode, d.Find("main").Text())
		}
		if res, _ := erin.get(dropped); res.StatusCode != http.StatusOK {
			t.Errorf("erin reads her withdrawn draft: %d", res.StatusCode)
		}
	})
}

// A read key never gets a proposal's content by version number: only
// promoted versions are numbered, and the next number is "no such
// version" while a proposal is open.
func TestAPIServesNoUnpromotedVersion(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	ks, err := h.store.ActiveSkills(context.Background())
	if err != nil || len(ks) == 0 {
		t.Fatalf("demo skills: %v %d", err, len(ks))
	}
	k := ks[0]
	admin := h.login("admin", adminPassword)
	form := draftForm("", false)
	form.Del("slug")
	form.Set("procedure", "1. An unreviewed step nobody promoted.\n")
	if res, _ := admin.post("/skills/"+k.Slug+"/proposals", form); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("propose a change: %d", res.StatusCode)
	}
	latest, _ := h.store.LatestVersion(context.Background(), k.Version.SkillID)
	for v := 1; v <= latest+2; v++ {
		res, b := h.api("GET", fmt.Sprintf("/api/v1/skills/%s?version=%d", k.Slug, v), key, nil)
		if strings.Contains(string(b), "unreviewed step") {
			t.Errorf("version %d serves the open proposal's procedure", v)
		}
		if v > latest && res.StatusCode != http.StatusNotFound {
			t.Errorf("version %d (after the latest, %d): %d", v, latest, res.StatusCode)
		}
	}
}

// The audit log and the dashboard (for the roles that see them) never
// name a private draft's slug, and a subject search for it finds what a
// search for a slug that does not exist finds.
func TestAuditHidesPrivateDraftSlugs(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		h.addUser("erin", models.RoleEditor, models.RoleReviewer)
		erin := h.login("erin", "erin-password")
		admin := h.login("admin", adminPassword)
		res, _ := erin.post("/skills", draftForm("secret-plan", true))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("draft: %d", res.StatusCode)
		}
		draft := res.Header.Get("Location")
		id := strings.TrimPrefix(draft, "/proposals/")
		// events written before migration 152 named the draft's slug
		if err := h.store.Audit(context.Background(), models.Event{Actor: "erin", Action: "proposal.draft", Subject: "skill:secret-plan proposal:" + id}); err != nil {
			t.Fatal(err)
		}
		if res, _ := erin.post(draft+"/revise", url.Values{"revision": {"1"}, "name": {"Secret plan"}, "summary": {"Plans more."}, "procedure": {"1. Plan.\n"}, "required_tools": {"read_file"}}); res.StatusCode >= 400 {
			t.Fatalf("revise: %d", res.StatusCode)
		}
		for _, page := range []string{"/", "/audit", "/audit?action=proposal.draft"} {
			if _, d := admin.get(page); strings.Contains(d.Text(), "secret-plan") {
				t.Errorf("%s names the slug of another's private draft", page)
			}
		}
		_, hidden := admin.get("/audit?subject=secret-plan")
		_, none := admin.get("/audit?subject=no-such-plan")
		if a, b := hidden.Find("main").Text(), strings.ReplaceAll(none.Find("main").Text(), "no-such-plan", "secret-plan"); a != b {
			t.Errorf("a subject search for a private draft's slug differs from one for no skill:\n%s\n---\n%s", a, b)
		}
		// the draft's events name the proposal, not the slug; submitting it
		// makes the slug public and the event names it
		if _, d := erin.get("/audit?subject=proposal:" + id); !strings.Contains(d.Text(), "proposal.draft") || !strings.Contains(d.Text(), "proposal.revise") {
			t.Error("the draft's author does not find her draft's events by its proposal")
		}
		if res, _ := erin.post(draft+"/submit", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("submit: %d", res.StatusCode)
		}
		if _, d := admin.get("/audit?subject=secret-plan"); !strings.Contains(d.Text(), "skill:secret-plan proposal:"+id) {
			t.Error("a submitted draft's slug is not in the audit log")
		}
	})
}
