package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestACommandBeforeTheFirstServeLocksNobodyOut: `console migrate`, then
// any command (here `apikey list`) seeds an empty database before the
// first `console serve`. The admin it creates must still get a password
// somebody sees: the command says the first serve gives it one, and that
// serve takes CONSOLE_ADMIN_PASSWORD (or prints a generated one). It used
// to give the admin a generated password it never printed; the serve after
// it printed nothing and the admin could not sign in.
func TestACommandBeforeTheFirstServeLocksNobodyOut(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	mustMigrate(t, db)
	t.Setenv("DATABASE_URL", db)
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "")
	os.Unsetenv("CONSOLE_ADMIN_PASSWORD")
	out, err := os.Create(filepath.Join(dir, "cli.out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := run(context.Background(), []string{"apikey", "list"}, out, out); err != nil {
		t.Fatalf("apikey list: %v", err)
	}
	if b, _ := os.ReadFile(out.Name()); !strings.Contains(string(b), adminPendingNotice) {
		t.Errorf("the command that created the admin did not say how it gets its password:\n%s", b)
	}
	startServe(t, dir) // CONSOLE_ADMIN_PASSWORD=admin-password-1
	want := createdAdmin(" and the password from CONSOLE_ADMIN_PASSWORD")
	var served string
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && !strings.Contains(served, want); time.Sleep(50 * time.Millisecond) {
		b, _ := os.ReadFile(filepath.Join(dir, "serve.out"))
		served = string(b)
	}
	if !strings.Contains(served, want) {
		t.Fatalf("serve after the command did not give the admin its password:\n%s", served)
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.Authenticate(context.Background(), "admin", "admin-password-1"); err != nil {
		t.Fatalf("admin cannot sign in with CONSOLE_ADMIN_PASSWORD: %v", err)
	}
}
