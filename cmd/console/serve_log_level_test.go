package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestServeLogLevel: --log-level (CONSOLE_LOG_LEVEL) is listed by --help
// with its default; debug, info, warn and error are accepted in any case,
// anything else exits 2 naming the flag or the variable and the levels
// that work, before anything starts. At debug the start's maintenance
// pass writes its debug records; at the default it does not (judged once
// the pass has expired a request left overdue before the start). Failed
// first: the level was fixed at info.
func TestServeLogLevel(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	out, err := runCLI(t, db, "serve", "--help")
	if err != nil || !strings.Contains(out, "-log-level") || !strings.Contains(out, "CONSOLE_LOG_LEVEL") || !strings.Contains(out, "debug, info, warn or error") {
		t.Errorf("serve --help: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		env  string
		args []string
		name string
	}{
		{"", []string{"--log-level", "verbose"}, "--log-level"},
		{"debug", []string{"--log-level", "trace"}, "--log-level"},
		{"loud", nil, "CONSOLE_LOG_LEVEL"},
		{"warning", nil, "CONSOLE_LOG_LEVEL"},
	} {
		t.Setenv("CONSOLE_LOG_LEVEL", tc.env)
		_, err := runCLI(t, db, append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.name) || !strings.Contains(err.Error(), "debug, info, warn, error") {
			t.Errorf("env %q args %v: %v, want exit 2 naming %s and the levels", tc.env, tc.args, err, tc.name)
		}
	}
	for _, tc := range []struct {
		env   string
		debug bool
	}{{"", false}, {"DEBUG", true}, {"warn", false}} {
		t.Run("level "+tc.env, func(t *testing.T) {
			t.Setenv("CONSOLE_LOG_LEVEL", tc.env)
			t.Setenv("CONSOLE_APPROVAL_REQUEST_TTL", "1h")
			dir := t.TempDir()
			// a request overdue before the start: its approval.expire audit
			// event says the start's pass has run, whatever the level logs
			ctx := context.Background()
			db := filepath.Join(dir, "s.db")
			mustMigrate(t, db)
			store := openTestStore(t, db)
			if _, _, err := store.RequestApproval(ctx, "apikey:1 rt", models.Approval{Agent: "analyst", Subject: "carol", Tool: "workspace_write", Digest: "sha256:0", Summary: "overdue", Origin: models.OriginRuntime}); err != nil {
				t.Fatal(err)
			}
			if err := store.Exec(ctx, "UPDATE approvals SET created_at = ?", time.Now().Add(-3*time.Hour).UTC()); err != nil {
				t.Fatal(err)
			}
			startServe(t, dir)
			const line = "approval requests: expiry sweep done"
			for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
				evs, _, err := store.AuditEvents(ctx, models.AuditFilter{Action: "approval.expire"})
				if err == nil && len(evs) == 1 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the start's maintenance pass did not expire the overdue request: %v %d", err, len(evs))
				}
			}
			b, _ := os.ReadFile(filepath.Join(dir, "serve.out"))
			if got := strings.Contains(string(b), line); got != tc.debug {
				t.Errorf("CONSOLE_LOG_LEVEL=%q: debug record written %v, want %v\n%s", tc.env, got, tc.debug, b)
			}
			if tc.env == "warn" && strings.Contains(string(b), "level=INFO") {
				t.Errorf("CONSOLE_LOG_LEVEL=warn wrote info records:\n%s", b)
			}
		})
	}
}
