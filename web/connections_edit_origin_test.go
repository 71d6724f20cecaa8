package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsPageEditKeepsSecretsHome: the Edit form moving a URL
// server to another origin without giving its stored headers again is a
// 422 naming the header field, the other origin is never reached, and
// the attempt is audited by name; with the headers given again it goes.
func TestConnectionsPageEditKeepsSecretsHome(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	home, other := upstreamtest.New(), upstreamtest.New()
	defer home.Close()
	defer other.Close()
	admin := h.login("admin", adminPassword)
	if res, _ := admin.post("/connections", url.Values{"name": {"bare"}, "url": {home.URL}, "headers": {"X-Api-Key=SuperSecret-8812"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d", res.StatusCode)
	}
	res, doc := admin.post("/connections/bare/edit", url.Values{"url": {other.URL}})
	got := doc.Find(`[data-testid="connection-edit-bare"] [data-testid="edit-error-header"]`).Text()
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(got, "X-Api-Key") || !strings.Contains(got, "give it again") {
		t.Fatalf("an edit to another origin: %d, header error %q", res.StatusCode, got)
	}
	if len(other.Header()) > 0 {
		t.Fatalf("the other origin was reached (X-Api-Key %q)", other.Header().Get("X-Api-Key"))
	}
	evs, _, err := h.store.AuditEvents(context.Background(), models.AuditFilter{Subject: "connection:bare", PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	refused := false
	for _, ev := range evs {
		refused = refused || (ev.Action == models.ActionConnectionEditRefused && strings.Contains(ev.Detail, "url"))
		if strings.Contains(ev.Detail, "SuperSecret") {
			t.Errorf("audit %s carries the value: %s", ev.Action, ev.Detail)
		}
	}
	if !refused {
		t.Error("the refused edit was not audited")
	}
	if res, _ := admin.post("/connections/bare/edit", url.Values{"url": {other.URL}, "headers": {"X-Api-Key=Other-1234"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("an edit giving the header again: %d", res.StatusCode)
	}
	if got := other.Header().Get("X-Api-Key"); got != "Other-1234" {
		t.Errorf("the new origin got X-Api-Key %q", got)
	}
}
