package web

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRequestLogRedactsSecrets: the request log never carries a live
// binding handle or an API key from a path — the DELETE route's handle,
// nor one in a path no route matches — and still says which route ran.
func TestRequestLogRedactsSecrets(t *testing.T) {
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, runtime.SeedTotals(sharedMeter))
	var logs lockedBuffer
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	handle := h.bind(key, map[string]any{"agent": "analyst", "tool": "sql_query"})
	other := h.bind(key, map[string]any{"agent": "analyst", "tool": "sql_query"})
	if res, out := h.api(http.MethodDelete, "/api/v1/bindings/"+handle, key, nil); res.StatusCode != http.StatusNoContent {
		t.Fatalf("release: %d %s", res.StatusCode, out)
	}
	h.api(http.MethodDelete, "/api/v1/bindings/"+other+"/x", key, nil)             // no route
	h.api(http.MethodGet, "/api/v1/skills/"+key, key, nil)                         // a key pasted into a path
	h.api(http.MethodDelete, "/api/v1/bindings/"+strings.ToUpper(other), key, nil) // not a handle, still not logged whole
	out := logs.String()
	for name, secret := range map[string]string{"released handle": handle, "live handle": other, "API key": key, "upper-cased handle": strings.ToUpper(other)} {
		if strings.Contains(out, secret) || strings.Contains(out, secret[4:]) {
			t.Errorf("the request log carries the %s", name)
		}
	}
	if !strings.Contains(out, "/api/v1/bindings/") {
		t.Errorf("the request log no longer says which route ran:\n%s", out)
	}
}
