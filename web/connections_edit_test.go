package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsPageEditRemove: an admin replaces a header's value and
// removes another on the page (values never shown), an edit to a server
// that does not answer is a 422 naming the field with nothing changed,
// bad lines name their field, a non-admin and a form without the CSRF
// token are refused, and Remove takes the connection and its tools away.
func TestConnectionsPageEditRemove(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	up := upstreamtest.New()
	defer up.Close()
	ctx := context.Background()
	admin := h.login("admin", adminPassword)
	if res, _ := admin.post("/connections", url.Values{"name": {"demo"}, "url": {up.URL}, "headers": {"X-Key=old-secret-1\nX-Team=team-secret-2"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d", res.StatusCode)
	}
	_, doc := admin.get("/connections")
	form := doc.Find(`[data-testid="connection-edit-demo"] form`)
	if v, _ := form.Find(`input[name="url"]`).Attr("value"); v != up.URL || form.Find(`textarea[name="headers"]`).Text() != "" {
		t.Errorf("the edit form: url %q, headers %q", v, form.Find(`textarea[name="headers"]`).Text())
	}
	for _, c := range []struct {
		form  url.Values
		field string
		want  string
	}{
		{url.Values{"url": {"http://127.0.0.1:1/mcp"}, "unset_headers": {"X-Key\nX-Team"}}, "url", "nothing was changed"},
		{url.Values{"url": {"http://127.0.0.1:1/mcp"}}, "header", "the URL's origin changes"},
		{url.Values{"url": {up.URL}, "headers": {"no equals sign"}}, "header", "headers: write one K=V a line (line 1 has no K=)"},
		{url.Values{"url": {up.URL}, "unset_headers": {"X-Nope"}}, "unset_headers", `no header "X-Nope" to unset`},
		{url.Values{"url": {up.URL}, "unset_env": {"NOPE"}}, "unset_env", `no environment variable "NOPE" to unset`},
		{url.Values{"url": {up.URL}}, "url", "nothing to change"},
	} {
		res, doc := admin.post("/connections/demo/edit", c.form)
		got := doc.Find(`[data-testid="connection-edit-demo"] [data-testid="edit-error-` + c.field + `"]`).Text()
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(got, c.want) {
			t.Errorf("%v: %d, %s error %q, want %q", c.form, res.StatusCode, c.field, got, c.want)
		}
	}
	conn, _ := h.store.ConnectionByName(ctx, "demo")
	if sec, _ := h.store.OpenSecrets(conn); conn.URL != up.URL || sec.Headers["X-Key"] != "old-secret-1" || sec.Headers["X-Team"] != "team-secret-2" {
		t.Fatalf("a refused edit changed the connection: %s", conn.URL)
	}
	h.addUser("rita", models.RoleReviewer)
	rita := h.login("rita", "rita-password")
	for _, p := range []string{"/connections/demo/edit", "/connections/demo/remove"} {
		if res, _ := rita.post(p, url.Values{"headers": {"X-Key=rita"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("a reviewer's %s: %d", p, res.StatusCode)
		}
		if res, _ := admin.postForm(p, url.Values{"headers": {"X-Key=nocsrf"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("%s without the CSRF token: %d", p, res.StatusCode)
		}
	}
	res, _ := admin.post("/connections/demo/edit", url.Values{"url": {up.URL}, "headers": {"X-Key=new-secret-3"}, "unset_headers": {"X-Team"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("edit: %d", res.StatusCode)
	}
	if up.Header().Get("X-Key") != "new-secret-3" || up.Header().Get("X-Team") != "" {
		t.Errorf("after the edit the upstream got X-Key %q X-Team %q", up.Header().Get("X-Key"), up.Header().Get("X-Team"))
	}
	res, doc = admin.get("/connections")
	html, _ := doc.Html()
	if !strings.Contains(doc.Find(".flash").Text(), "Changed demo.") || !strings.Contains(doc.Find(`[data-testid="connection-demo"]`).Text(), "header X-Key") ||
		strings.Contains(doc.Find(`[data-testid="connection-demo"]`).Text(), "X-Team") || strings.Contains(html, "new-secret-3") || strings.Contains(html, "old-secret-1") {
		t.Errorf("after the edit: flash %q row %q", doc.Find(".flash").Text(), doc.Find(`[data-testid="connection-demo"]`).Text())
	}
	if res, _ := admin.post("/connections/demo/remove", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("remove: %d", res.StatusCode)
	}
	if _, doc := admin.get("/connections"); !strings.Contains(doc.Find(".flash").Text(), "Removed demo: 3 tools left the catalog") || doc.Find(`[data-testid="connection-demo"]`).Length() != 0 {
		t.Errorf("after the removal: %q", doc.Find(".flash").Text())
	}
	if _, err := h.store.ToolByID(ctx, "demo.echo"); !errors.Is(err, models.ErrNotFound) {
		t.Errorf("demo.echo after the removal: %v", err)
	}
	if res, _ := admin.post("/connections/demo/remove", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("a second removal: %d", res.StatusCode)
	}
	if res, _ := admin.post("/connections/demo/edit", url.Values{"url": {up.URL}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("an edit of no connection: %d", res.StatusCode)
	}
}
