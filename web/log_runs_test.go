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

// TestRunRequestsAreNotLoggedOneByOne: a successful search or step writes
// no Info line (its run evidence records it); a refused one is logged.
func TestRunRequestsAreNotLoggedOneByOne(t *testing.T) {
	var logs lockedBuffer
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	for path, body := range map[string]any{
		"/api/v1/runs/quiet/search": map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0},
		"/api/v1/runs/quiet/steps":  map[string]any{"agent": "analyst", "receipts": []any{}},
	} {
		if res, b := h.api(http.MethodPost, path, key, body); res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
	}
	if strings.Contains(logs.String(), "/api/v1/runs/") {
		t.Fatalf("a run request was logged:\n%s", logs.String())
	}
	if res, _ := h.api(http.MethodPost, "/api/v1/runs/quiet/steps", key, `{"agent":"analyst","receipts":7}`); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("bad step: %d", res.StatusCode)
	}
	if out := logs.String(); !strings.Contains(out, "level=WARN") || !strings.Contains(out, "path=/api/v1/runs/quiet/steps status=400") {
		t.Fatalf("a refused step was not logged:\n%s", out)
	}
}
