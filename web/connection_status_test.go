package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionStatusShowsTheServerDown: a
// connection whose server stops is not "ok" for long: the gateway call
// that fails records it, and the Connections page and the API say
// "error", when, and why, with what to do.
func TestConnectionStatusShowsTheServerDown(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr {
		t.Fatalf("a call while the server runs: %s", text)
	}
	admin := h.login("admin", adminPassword)
	status := func() (string, string) {
		_, doc := admin.get("/connections")
		row := doc.Find(`[data-testid="connection-demo"]`)
		return row.Find(`[data-testid="connection-status"]`).Text(), row.Text()
	}
	if st, row := status(); st != "ok" || !strings.Contains(row, "answered ") {
		t.Fatalf("while the server runs: %q %q", st, row)
	}
	up.Close()
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); !isErr {
		t.Fatalf("a call to a stopped server: %s", text)
	}
	deadline := time.Now().Add(3 * time.Second)
	st, row := status()
	for st != "error" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		st, row = status()
	}
	host := strings.TrimPrefix(up.URL, "http://")
	if st != "error" || !strings.Contains(row, "failed ") || !strings.Contains(row, host) || !strings.Contains(row, "console connection sync demo") {
		t.Errorf("after the server stopped, the page says %q: %q", st, row)
	}
	res, body := h.api(http.MethodGet, "/api/v1/connections/demo", h.apiKey(), nil)
	var got connectionStatus
	if err := json.Unmarshal(body, &got); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("API: %d %s", res.StatusCode, body)
	}
	if got.Status != models.ConnectionError || got.ContactAt == nil || !strings.Contains(got.Why, host) || got.Fix == "" {
		t.Errorf("API: %s", body)
	}
	_, body = h.api(http.MethodGet, "/api/v1/connections", h.apiKey(), nil)
	if !strings.Contains(string(body), `"status":"error"`) {
		t.Errorf("API list: %s", body)
	}
}

// TestConnectionStatusSecretsUnreadable: after a
// restore under another secrets key, the page and the API say "secrets
// unreadable" and what to do, never "ok", never a secret.
func TestConnectionStatusSecretsUnreadable(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Key": "zz-secret-4471"}}, false)
	h.store.SetSealKey([]byte("another-key-than-the-one-that-sealed-them"))
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/connections")
	row := doc.Find(`[data-testid="connection-demo"]`)
	if st := row.Find(`[data-testid="connection-status"]`).Text(); st != models.ConnectionUnreadable {
		t.Errorf("status %q", st)
	}
	if fix := row.Find(`[data-testid="connection-fix"]`).Text(); !strings.Contains(fix, "CONSOLE_SECRETS_KEY") {
		t.Errorf("fix %q", fix)
	}
	res, body := h.api(http.MethodGet, "/api/v1/connections/demo", h.apiKey(), nil)
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"status":"secrets unreadable"`) || strings.Contains(string(body), "zz-secret-4471") {
		t.Errorf("API: %d %s", res.StatusCode, body)
	}
}
