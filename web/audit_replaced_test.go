package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestDatabaseReplacedUnderARunningConsole: a Postgres database restored
// (--force) under a console still serving it holds another audit key than
// the one the console read; its next audited write is a 503 saying the
// database was replaced and the console must be restarted (not a 500, nor
// a claim about CONSOLE_AUDIT_KEY), and nothing is written.
func TestDatabaseReplacedUnderARunningConsole(t *testing.T) {
	ctx := context.Background()
	d := modelstest.Dialect{Name: models.DialectPostgres, URL: modelstest.RequirePostgres(t)}
	live, url := modelstest.OpenURL(t, d)
	if _, err := live.Bootstrap(ctx, adminPassword, runtime.SeedTotals(sharedMeter)); err != nil {
		t.Fatal(err)
	}
	app := New(live, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(srv.Close)
	h := &harness{t: t, srv: srv, store: live, app: app}
	if _, err := live.VerifyAudit(ctx); err != nil { // the console has read its audit key
		t.Fatal(err)
	}
	// another console's backup, holding a runtime key
	other := modelstest.OpenSeeded(t, d, adminPassword, runtime.SeedTotals(sharedMeter))
	key, _, err := other.CreateScopedAPIKey(ctx, "test", "runtime-restored", models.ScopeRuntime)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "other.backup")
	if _, err := other.Backup(ctx, file, nil); err != nil {
		t.Fatal(err)
	}
	restorer, err := models.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer restorer.Close()
	if _, err := restorer.RestorePostgres(ctx, file, models.RestoreOptions{Force: true, Unauthenticated: true}); err != nil {
		t.Fatal(err)
	}
	before, _ := restorer.VerifyAudit(ctx)
	res, out := h.api("POST", "/api/v1/bindings", key, map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1"), "ttl_seconds": 60})
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(out), "replaced") || !strings.Contains(string(out), "restart") || strings.Contains(string(out), "CONSOLE_AUDIT_KEY is not set") {
		t.Errorf("an audited write after the database was replaced: %d %s, want 503 saying it was replaced and to restart", res.StatusCode, out)
	}
	// an approval request's filing says so too (not "try again")
	res, out = h.api("POST", "/api/v1/approvals", key, map[string]any{"agent": "analyst", "subject": contractor("c-2"), "tool": "workspace_write", "summary": "write notes"})
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(out), "replaced") || !strings.Contains(string(out), "restart") || strings.Contains(string(out), "try again") {
		t.Errorf("an approval request after the database was replaced: %d %s, want 503 saying it was replaced and to restart", res.StatusCode, out)
	}
	after, _ := restorer.VerifyAudit(ctx)
	if after.Events != before.Events || after.Broken() {
		t.Errorf("audit chain %+v after the refused write, %+v before", after, before)
	}
	var n int64
	if err := restorer.RawScan(ctx, &n, "SELECT COUNT(*) FROM bindings"); err != nil || n != 0 {
		t.Errorf("bindings after the refused write: %d, %v", n, err)
	}
}
