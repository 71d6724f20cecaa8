package web

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestAClientsMethodErrorIsNotLoggedAsAServerError: a HEAD to the gateway
// (a client's or a monitor's probe) is answered 405 and logged at debug,
// as the optional stream's GET is; another method it does not serve (PUT,
// PATCH) is a client's error, a warning; no 4xx is ever an error line.
func TestAClientsMethodErrorIsNotLoggedAsAServerError(t *testing.T) {
	var logs lockedBuffer
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	for _, m := range []string{http.MethodHead, http.MethodPut, http.MethodPatch} {
		req, _ := http.NewRequest(m, srv.URL+"/mcp/analyst", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") == "" {
			t.Errorf("%s /mcp/analyst: %d, Allow %q", m, res.StatusCode, res.Header.Get("Allow"))
		}
	}
	// a request without a key, an unknown agent, a body too large: 4xx
	for _, r := range []struct{ method, path, key, body string }{
		{http.MethodPost, "/mcp/analyst", "", "{}"},
		{http.MethodPost, "/mcp/nobody", key, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`},
		{http.MethodPost, "/mcp/analyst", key, strings.Repeat("x", maxMCPBody+10)},
	} {
		req, _ := http.NewRequest(r.method, srv.URL+r.path, strings.NewReader(r.body))
		if r.key != "" {
			req.Header.Set("Authorization", "Bearer "+r.key)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode < 400 || res.StatusCode >= 500 {
				t.Errorf("%s %s: %d, want a client error", r.method, r.path, res.StatusCode)
			}
		}
	}
	out := logs.String()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		switch {
		case strings.Contains(line, "level=ERROR"):
			t.Errorf("a client's error was logged as an error: %s", line)
		case strings.Contains(line, "method=HEAD") && !strings.Contains(line, "level=DEBUG"):
			t.Errorf("a HEAD probe was logged above debug: %s", line)
		case strings.Contains(line, "method=PUT") && !strings.Contains(line, "level=WARN"):
			t.Errorf("a PUT was not logged as a client's error: %s", line)
		}
	}
}
