package web

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSignedInPagesAreNotStored: every page served to a
// signed-in user says Cache-Control: no-store.
func TestSignedInPagesAreNotStored(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	checked := 0
	for _, r := range h.app.routes {
		if r.method != http.MethodGet || r.policy.public || r.policy.apiKey {
			continue
		}
		path := strings.NewReplacer(":id", "1", ":slug", "data-analyst", ":version", "1", ":rid", "1").Replace(r.path)
		if strings.HasPrefix(r.path, "/skills/") {
			path = strings.Replace(path, "data-analyst", "source-check", 1)
		}
		if strings.HasPrefix(r.path, "/catalog/tools/") {
			path = "/catalog/tools/read_file"
		}
		res, _ := admin.get(path)
		if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
			t.Errorf("GET %s (%d): Cache-Control %q", path, res.StatusCode, cc)
		}
		checked++
	}
	t.Logf("%d signed-in pages checked", checked)
}

// TestAPIRefusesDuplicateAndMiscasedKeys: JSON keys match
// exactly and appear once, at every depth; error messages name the field
// and never a Go type.
func TestAPIRefusesDuplicateAndMiscasedKeys(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	goType := regexp.MustCompile(`\b[a-z]+\.[A-Z]\w+|\[\][a-z]|\bint\b|\bbool\b|\bfloat64\b|Go value|map\[`)
	for body, field := range map[string]string{
		`{"AGENT":"analyst"}`:                        "AGENT",
		`{"agent":"analyst","Tier":"compact"}`:       "Tier",
		`{"agent":"analyst","agent":"researcher"}`:   "agent",
		`{"agent":"analyst","tools":"read_file"}`:    "tools",
		`{"agent":"analyst","deferred":"yes"}`:       "deferred",
		`["analyst"]`:                                "",
		`{"agent":"analyst","tools":[1]}`:            "tools",
		`{"agent":"analyst","pins":[],"pins":["a"]}`: "pins",
	} {
		res, b := h.api("POST", "/api/v1/compose", key, body)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d %s", body, res.StatusCode, b)
			continue
		}
		e := apiErrorOf(t, b)
		if e.Field != field || goType.MatchString(e.Message) {
			t.Errorf("%s: field %q message %q (want field %q, no Go type)", body, e.Field, e.Message, field)
		}
	}
}

// TestNewSkillDraftIsPrivateAndFreedOnWithdrawal: a draft of
// a new skill shows its slug to nobody but its author, and withdrawing it
// frees the slug.
func TestNewSkillDraftIsPrivateAndFreedOnWithdrawal(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		h.addUser("erin", models.RoleEditor)
		h.addUser("ed", models.RoleEditor)
		erin := h.login("erin", "erin-password")
		ed := h.login("ed", "ed-password")
		form := url.Values{"slug": {"secret-plan"}, "name": {"Secret plan"}, "summary": {"Plans."}, "procedure": {"1. Plan.\n"}, "required_tools": {"read_file"}, "draft": {"1"}}
		res, _ := erin.post("/skills", form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("draft: %d", res.StatusCode)
		}
		loc := res.Header.Get("Location")
		if _, d := erin.get("/skills"); !strings.Contains(d.Text(), "secret-plan") {
			t.Error("the author does not see their draft's skill")
		}
		if _, d := ed.get("/skills"); strings.Contains(d.Text(), "secret-plan") {
			t.Error("another editor sees the slug of a private draft")
		}
		if res, _ := ed.get("/skills/secret-plan"); res.StatusCode != http.StatusNotFound {
			t.Errorf("another editor opens the draft's skill page: %d", res.StatusCode)
		}
		if res, _ := erin.post(loc+"/withdraw", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("withdraw: %d", res.StatusCode)
		}
		form.Del("draft")
		if res, _ := ed.post("/skills", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("the slug of a withdrawn draft is still reserved: %d", res.StatusCode)
		}
		if _, d := erin.get("/skills"); !strings.Contains(d.Text(), "secret-plan") {
			t.Error("an open proposal's new skill is hidden")
		}
		k, _ := h.store.SkillBySlug(context.Background(), "secret-plan")
		if ps, _ := h.store.SkillProposals(context.Background(), k.ID); len(ps) != 2 {
			t.Errorf("%d proposals for the reused slug, want the withdrawn and the new one", len(ps))
		}
	})
}

// TestFavicon: /favicon.ico is an icon, not a 404.
func TestFavicon(t *testing.T) {
	h := sqliteOnly(t)
	res, err := http.Get(h.srv.URL + "/favicon.ico")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/x-icon" {
		t.Fatalf("/favicon.ico: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// TestLongNamesAreRefusedBeforeTheDatabase: a 100-character
// namespace and a 250-character tool name are refused at import with the
// field named (Postgres used to answer 500), and nothing is stored.
func TestLongNamesAreRefusedBeforeTheDatabase(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		before := rowCounts(t, h)
		ns := strings.Repeat("n", 100)
		doc := `{"tools":[{"name":"get_thing","description":"Gets a thing.","inputSchema":{"type":"object"}}]}`
		res, html := admin.uploadImport("mcp", ns, []byte(doc))
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(html, "namespace") {
			t.Errorf("100-character namespace: %d", res.StatusCode)
		}
		long := `{"tools":[{"name":"` + strings.Repeat("t", 250) + `","description":"Gets a thing.","inputSchema":{"type":"object"}}]}`
		res, html = admin.uploadImport("mcp", "acme", []byte(long))
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(html, "longer than the limit") {
			t.Errorf("250-character tool name: %d", res.StatusCode)
		}
		if after := rowCounts(t, h); after["tools"] != before["tools"] || after["audit_events"] != before["audit_events"] {
			t.Errorf("rows changed: %v → %v", before, after)
		}
	})
}
