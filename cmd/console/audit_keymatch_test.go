package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConsoleRefusesAnAuditKeyTheChainWasNotStartedWith follows the
// README: a console started without CONSOLE_AUDIT_KEY, then given one
// (openssl rand -base64 32 is 44 bytes), broke its chain for good with the
// first audited command. Now serve refuses to start and every writing
// command refuses to run, naming CONSOLE_AUDIT_KEY, and nothing is written.
func TestConsoleRefusesAnAuditKeyTheChainWasNotStartedWith(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	t.Setenv("CONSOLE_AUDIT_KEY", "")
	mustMigrate(t, db)
	if out, err := runCLI(t, db, "apikey", "create", "one"); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	intact, err := runCLI(t, db, "audit", "verify")
	if err != nil || !strings.Contains(intact, "intact") {
		t.Fatalf("verify: %v %s", err, intact)
	}
	pw := filepath.Join(dir, "pw")
	if err := os.WriteFile(pw, []byte("bob-password-123\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONSOLE_AUDIT_KEY", "k3Jv9Qd0x7YwTqLmN2pRs8uVb4ZcHe1AoGiFy6WnXt0=")
	for _, args := range [][]string{{"apikey", "create", "two"}, {"user", "add", "bob", "--roles", "reviewer", "--password-file", pw, "--as", "admin"}, {"migrate"}} {
		out, err := runCLI(t, db, args...)
		if err == nil || !strings.Contains(err.Error()+out, "CONSOLE_AUDIT_KEY") || !strings.Contains(err.Error()+out, "unset it") {
			t.Fatalf("%s under a key the chain was not started with: %v %s", args, err, out)
		}
	}
	t.Setenv("DATABASE_URL", db)
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	out, _ := os.Create(filepath.Join(dir, "out"))
	defer out.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err = run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, out, out)
	var ee *exitError
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), "CONSOLE_AUDIT_KEY") {
		t.Fatalf("serve under a key the chain was not started with: %v, want it to refuse to start", err)
	}
	if v, _ := runCLI(t, db, "audit", "verify"); !strings.Contains(v, "the configured key is not the chain's") {
		t.Fatalf("verify under the wrong key does not say so: %s", v)
	}
	t.Setenv("CONSOLE_AUDIT_KEY", "")
	if after, err := runCLI(t, db, "audit", "verify"); err != nil || after != intact {
		t.Fatalf("after the refusals: %v %q, want %q (nothing appended)", err, after, intact)
	}
}
