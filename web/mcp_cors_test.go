package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayCORSForAllowedOrigins: a browser page of an origin the
// operator allows (CONSOLE_ALLOWED_ORIGINS) can use the gateway only if
// the answers say so: its preflight names the methods and headers a
// client sends, and every answer lets the page read the body and the
// session id. An origin not allowed gets none of these.
func TestGatewayCORSForAllowedOrigins(t *testing.T) {
	allowed, err := ParseAllowedOrigins("http://localhost:6274")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) { c.AllowedOrigins = allowed })
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	send := func(method, origin, body string, hdr map[string]string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, f.front.URL+"/mcp/helper", strings.NewReader(body))
		req.Header.Set("Origin", origin)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	preflight := map[string]string{"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type, mcp-session-id, mcp-protocol-version, x-subject-id"}
	res := send(http.MethodOptions, "http://localhost:6274", "", preflight)
	if res.StatusCode != http.StatusNoContent || res.Header.Get("Access-Control-Allow-Origin") != "http://localhost:6274" {
		t.Fatalf("preflight: %d, Allow-Origin %q", res.StatusCode, res.Header.Get("Access-Control-Allow-Origin"))
	}
	allowHeaders := strings.ToLower(res.Header.Get("Access-Control-Allow-Headers"))
	for _, want := range []string{"authorization", "content-type", "mcp-session-id", "mcp-protocol-version", "x-subject-id", "x-subject-groups", "last-event-id"} {
		if !strings.Contains(allowHeaders, want) {
			t.Errorf("preflight Allow-Headers %q lacks %s", allowHeaders, want)
		}
	}
	if m := res.Header.Get("Access-Control-Allow-Methods"); !strings.Contains(m, "POST") || !strings.Contains(m, "DELETE") || !strings.Contains(m, "GET") {
		t.Errorf("preflight Allow-Methods %q", m)
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	res = send(http.MethodPost, "http://localhost:6274", init, map[string]string{"Authorization": "Bearer " + f.key, "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
	if res.StatusCode != http.StatusOK || res.Header.Get("Mcp-Session-Id") == "" {
		t.Fatalf("initialize from the allowed origin: %d, session %q", res.StatusCode, res.Header.Get("Mcp-Session-Id"))
	}
	if res.Header.Get("Access-Control-Allow-Origin") != "http://localhost:6274" || !strings.Contains(strings.ToLower(res.Header.Get("Access-Control-Expose-Headers")), "mcp-session-id") {
		t.Errorf("initialize: Allow-Origin %q, Expose-Headers %q", res.Header.Get("Access-Control-Allow-Origin"), res.Header.Get("Access-Control-Expose-Headers"))
	}
	if !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Origin") {
		t.Errorf("an answer that depends on Origin says Vary %q", res.Header.Values("Vary"))
	}
	for _, method := range []string{http.MethodOptions, http.MethodPost} {
		res = send(method, "https://evil.example", init, preflight)
		if res.Header.Get("Access-Control-Allow-Origin") != "" || res.Header.Get("Access-Control-Allow-Headers") != "" {
			t.Errorf("%s from an origin not allowed: Allow-Origin %q, Allow-Headers %q", method, res.Header.Get("Access-Control-Allow-Origin"), res.Header.Get("Access-Control-Allow-Headers"))
		}
	}
}
