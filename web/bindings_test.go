package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestAdminRevokesABinding: live bindings show on the checks page and the
// tool's page to admins and reviewers (only admins get a revoke button,
// viewers see none); an admin revokes one, audited, with a confirmation
// in the browser; its next check is capability_revoked with the admin in
// host_reason, on this replica and another; the grant is untouched.
func TestAdminRevokesABinding(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		body := map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1")}
		handle := h.bind(key, body)
		other := h.bind(key, map[string]any{"agent": "analyst", "tool": "render_chart", "subject": contractor("u2")})
		bs, err := h.store.LiveBindings(ctx, models.BindingFilter{Tool: "sql_query"}, time.Now(), 10)
		if err != nil || len(bs) != 1 {
			t.Fatalf("live bindings of sql_query: %v %v", bs, err)
		}
		id := bs[0].ID
		row := fmt.Sprintf(`[data-testid="binding-%d"]`, id)
		button := fmt.Sprintf(`[data-testid="revoke-binding-%d"]`, id)

		h.addUser("rita", models.RoleReviewer)
		h.addUser("vic", models.RoleViewer)
		admin := h.login("admin", adminPassword)
		rita := h.login("rita", "rita-password")
		vic := h.login("vic", "vic-password")
		for _, page := range []string{"/checks", "/checks?agent=analyst", "/catalog/tools/sql_query"} {
			_, d := admin.get(page)
			if d.Find(row).Length() != 1 || d.Find(button).Length() != 1 || !strings.Contains(d.Find(row).Text(), "u1") {
				t.Errorf("admin, %s: binding row %d, revoke button %d", page, d.Find(row).Length(), d.Find(button).Length())
			}
			if msg, _ := d.Find(button).Attr("data-confirm"); !strings.Contains(msg, "sql_query") {
				t.Errorf("admin, %s: the revoke button asks %q", page, msg)
			}
			_, d = rita.get(page)
			if d.Find(row).Length() != 1 || d.Find(button).Length() != 0 {
				t.Errorf("reviewer, %s: binding row %d, revoke button %d (want 1, 0)", page, d.Find(row).Length(), d.Find(button).Length())
			}
		}
		if _, d := admin.get("/checks?agent=researcher"); d.Find(row).Length() != 0 || d.Find(`[data-testid="bindings-empty"]`).Length() != 1 {
			t.Error("the agent filter does not narrow the bindings")
		}
		if _, d := vic.get("/catalog/tools/sql_query"); d.Find(`[data-testid="bindings"]`).Length() != 0 {
			t.Error("a viewer sees bindings")
		}
		if res, _ := vic.post(fmt.Sprintf("/bindings/%d/revoke", id), nil); res.StatusCode != http.StatusForbidden {
			t.Errorf("a viewer revokes: %d", res.StatusCode)
		}
		if res, _ := rita.post(fmt.Sprintf("/bindings/%d/revoke", id), nil); res.StatusCode != http.StatusForbidden {
			t.Errorf("a reviewer revokes: %d", res.StatusCode)
		}
		if res, _ := admin.postForm(fmt.Sprintf("/bindings/%d/revoke", id), url.Values{"back": {"/checks"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("a revoke without the CSRF token: %d", res.StatusCode)
		}
		if d := h.authorize(key, map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1"), "binding": handle}); d.Decision != "allow" {
			t.Fatalf("before the revocation: %+v", d)
		}

		res, _ := admin.post(fmt.Sprintf("/bindings/%d/revoke", id), url.Values{"back": {"/catalog/tools/sql_query"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/catalog/tools/sql_query" {
			t.Fatalf("revoke: %d → %s", res.StatusCode, res.Header.Get("Location"))
		}
		_, d := admin.get("/catalog/tools/sql_query")
		if !strings.Contains(d.Text(), fmt.Sprintf("Binding #%d revoked", id)) || d.Find(row).Length() != 0 {
			t.Errorf("after the revocation the page shows no confirmation or still lists the binding")
		}
		// the next check, on this replica and on another, says revoked and by whom
		replica := New(h.store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		rs := httptest.NewServer(replica.Handler())
		defer rs.Close()
		for name, base := range map[string]string{"this replica": h.srv.URL, "another replica": rs.URL} {
			old := h.srv.URL
			h.srv.URL = base
			d := h.authorize(key, map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1"), "binding": handle})
			h.srv.URL = old
			if d.Decision != "deny" || d.Error.Type != authority.TypeRevoked || !strings.Contains(d.HostReason, "revoked by admin") || strings.Contains(d.Error.Message, "admin") {
				t.Errorf("%s, after the revocation: %+v", name, d)
			}
		}
		// the other binding and the grant are untouched
		if d := h.authorize(key, map[string]any{"agent": "analyst", "tool": "render_chart", "subject": contractor("u2"), "binding": other}); d.Decision != "allow" {
			t.Errorf("another binding after the revocation: %+v", d)
		}
		if d := h.authorize(key, body); d.Decision != "allow" {
			t.Errorf("the grant after a binding's revocation: %+v", d)
		}
		evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "binding.revoke"})
		if len(evs) != 1 || evs[0].Actor != "admin" || !strings.Contains(evs[0].Subject, "sql_query") {
			t.Errorf("audit: %+v", evs)
		}
		// twice, or a foreign return address
		res, _ = admin.post(fmt.Sprintf("/bindings/%d/revoke", id), url.Values{"back": {"https://evil.example/x"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/checks" {
			t.Fatalf("second revoke: %d → %s", res.StatusCode, res.Header.Get("Location"))
		}
		if _, d := admin.get("/checks"); !strings.Contains(d.Text(), "no longer live") {
			t.Error("revoking twice says nothing")
		}
		if res, _ := admin.post("/bindings/999999/revoke", nil); res.StatusCode != http.StatusSeeOther {
			t.Errorf("unknown binding: %d", res.StatusCode)
		}
		if res, _ := admin.post("/bindings/x/revoke", nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("a malformed id: %d", res.StatusCode)
		}
	})
}
