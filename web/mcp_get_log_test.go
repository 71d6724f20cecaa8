package web

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// keySeq names the harness's keys apart: a key name is unique among its
// owner's live keys of a scope.
var keySeq atomic.Int64

// TestGatewayOptionalSSEGetIsNotAWarning: the SDKs open the optional GET
// stream of the streamable HTTP transport on every session; the gateway
// answers 405 as the spec allows, and that healthy path logs no WARN.
func TestGatewayOptionalSSEGetIsNotAWarning(t *testing.T) {
	store, _ := modelstest.OpenURL(t, modelstest.Dialect{Name: models.DialectSQLite})
	if _, err := store.Bootstrap(context.Background(), adminPassword, runtime.SeedTotals(sharedMeter)); err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/mcp/analyst", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("GET /mcp/analyst: %d, want 405", res.StatusCode)
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "path=/mcp/analyst") && strings.Contains(line, "level=WARN") {
			t.Errorf("the optional GET stream's 405 logs a warning: %s", line)
		}
	}
}
