package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRuntimeChecksAreNotLoggedOneByOne: an allowed or denied check
// writes no Info line (the counters count it); a refused request is still
// logged as a warning; pages are still logged.
func TestRuntimeChecksAreNotLoggedOneByOne(t *testing.T) {
	var logs lockedBuffer
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "exec"})
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "exec", "subject": contractor("u1")})
	if strings.Contains(logs.String(), "/api/v1/authorize") {
		t.Fatalf("a check was logged:\n%s", logs.String())
	}
	if res, _ := h.api(http.MethodPost, "/api/v1/authorize", key, `{"agent":"analyst"}`); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("bad check: %d", res.StatusCode)
	}
	if res, _ := http.Get(srv.URL + "/login"); res != nil {
		res.Body.Close()
	}
	out := logs.String()
	if !strings.Contains(out, "level=WARN") || !strings.Contains(out, "path=/api/v1/authorize status=400") || !strings.Contains(out, "path=/login") {
		t.Fatalf("a refused check or a page was not logged:\n%s", out)
	}
}
