package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// A browser's textarea posts "\r\n" line endings while stored texts hold
// "\n": a one-word edit of a proposal must show as one removed and one
// added line, the stored revision and the promoted version hold no "\r",
// and the runtime API never serves one.
func TestBrowserLineEndingsGiveAOneLineDiff(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	h.addUser("ed", models.RoleEditor)
	h.addUser("rita", models.RoleReviewer)
	k, err := h.store.SkillBySlug(ctx, "source-check")
	if err != nil {
		t.Fatal(err)
	}
	prod, err := h.store.ProductionVersion(ctx, k.ID)
	if err != nil {
		t.Fatal(err)
	}
	ed := h.login("ed", "ed-password")
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	edited := crlf(strings.Replace(prod.Procedure, "Quote it", "Cite it", 1))
	res, _ := ed.post("/skills/source-check/proposals", url.Values{"name": {prod.Name}, "summary": {crlf(prod.Summary)}, "procedure": {edited},
		"required_tools": {strings.Join(prod.RequiredTools(), "\r\n")}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("propose: %d", res.StatusCode)
	}
	id, _ := strconv.Atoi(strings.TrimPrefix(res.Header.Get("Location"), "/proposals/"))
	p, err := h.store.ProposalByID(ctx, uint(id))
	if err != nil {
		t.Fatalf("proposal %q: %v", res.Header.Get("Location"), err)
	}
	if strings.Contains(p.Procedure+p.Summary, "\r") {
		t.Errorf("stored procedure keeps carriage returns: %q", p.Procedure)
	}
	rita := h.login("rita", "rita-password")
	_, d := rita.get("/proposals/" + strconv.Itoa(id))
	if n := d.Find(`[data-testid="diff"] .diff-del`).Length(); n != 1 {
		t.Errorf("a one-word edit shows %d removed lines, want 1:\n%s", n, d.Find(`[data-testid="diff"]`).Text())
	}
	if n := d.Find(`[data-testid="diff"] .diff-add`).Length(); n != 1 {
		t.Errorf("a one-word edit shows %d added lines, want 1", n)
	}
	// a revision posted again with "\r" alone (old Mac line endings) is the same text
	res, _ = ed.post("/proposals/"+strconv.Itoa(id)+"/revise", url.Values{"revision": {"1"}, "name": {prod.Name}, "summary": {prod.Summary},
		"procedure": {strings.ReplaceAll(edited, "\r\n", "\r")}, "required_tools": {strings.Join(prod.RequiredTools(), "\n")}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("revise: %d", res.StatusCode)
	}
	if p2, _ := h.store.ProposalByID(ctx, uint(id)); p2.Digest != p.Digest || p2.Procedure != p.Procedure {
		t.Errorf("the same text with other line endings has another digest: %s vs %s", p2.Digest, p.Digest)
	}
	_, d = rita.get("/proposals/" + strconv.Itoa(id))
	digest, _ := d.Find(`[data-testid="review-form"] input[name="digest"]`).Attr("value")
	rita.post("/proposals/"+strconv.Itoa(id)+"/reviews", url.Values{"digest": {digest}, "kind": {"approve"}, "comment": {"Fine.\r\nShip it."}})
	if res, _ := rita.post("/proposals/"+strconv.Itoa(id)+"/promote", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("promote: %d", res.StatusCode)
	}
	rs, _ := h.store.Reviews(ctx, uint(id))
	for _, r := range rs {
		if strings.Contains(r.Comment, "\r") {
			t.Errorf("review comment keeps a carriage return: %q", r.Comment)
		}
	}
	res, body := h.api(http.MethodGet, "/api/v1/skills/source-check?label=production", h.apiKey(), nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("api: %d %s", res.StatusCode, body)
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(body), `\r`) || !strings.Contains(got["procedure"].(string), "Cite it") {
		t.Errorf("the API serves %s", body)
	}
}

// TestFormValuesReachHandlersWithNewlines: whatever field a form posts, a
// handler reads it with "\n" line endings (url-encoded and multipart).
func TestFormValuesReachHandlersWithNewlines(t *testing.T) {
	for _, tc := range []struct{ name, ctype, body string }{
		{"urlencoded", "application/x-www-form-urlencoded", "suite=a%0D%0Ab%0Dc"},
		{"multipart", "multipart/form-data; boundary=X", "--X\r\nContent-Disposition: form-data; name=\"suite\"\r\n\r\na\r\nb\rc\r\n--X--\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := http.NewRequest(http.MethodPost, "/x", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.ctype)
			if _, err := formValues(r); err != nil {
				t.Fatal(err)
			}
			normalizeForm(r)
			if got := r.FormValue("suite"); got != "a\nb\nc" {
				t.Errorf("got %q, want %q", got, "a\nb\nc")
			}
		})
	}
}
