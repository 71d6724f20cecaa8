package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// backupTargets gives a migrated source database with one viewer and an
// empty restore target, on each dialect.
func backupTargets(t *testing.T, d modelstest.Dialect) (src, dst string) {
	t.Helper()
	dir := t.TempDir()
	if d.Name == models.DialectPostgres {
		// Postgres has no key file: the secrets key is configured
		t.Setenv("CONSOLE_SECRETS_KEY", "a secrets key of at least 32 bytes, for tests")
		_, src = modelstest.OpenEmpty(t, d)
		_, dst = modelstest.OpenEmpty(t, d)
	} else {
		src, dst = filepath.Join(dir, "live.db"), filepath.Join(dir, "restored.db")
	}
	mustMigrate(t, src)
	pw := filepath.Join(dir, "pw")
	if err := os.WriteFile(pw, []byte("ops1-password-long\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, src, "user", "add", "ops1", "--roles", "viewer", "--password-file", pw, "--as", "admin"); err != nil {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	return src, dst
}

// execOn runs statements on the database at url.
func execOn(t *testing.T, url string, stmts ...string) {
	t.Helper()
	s, err := models.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, q := range stmts {
		if err := s.Exec(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// assertEmpty fails unless the database at url holds no users.
func assertEmpty(t *testing.T, url string) {
	t.Helper()
	if _, err := os.Stat(url); err != nil && !strings.HasPrefix(url, "postgres") {
		return // no SQLite file: nothing was written
	}
	s, err := models.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if empty, err := s.Empty(context.Background()); err != nil || !empty {
		t.Fatalf("a refused restore left data (empty %v, %v)", empty, err)
	}
}

// TestRestoreRefusesAnEditedBackup: a backup edited after it was made (a
// viewer made admin: sed on a Postgres backup, an UPDATE on a SQLite one)
// is refused by restore, naming the MAC, and nothing is restored; a
// backup without its MAC line (as an earlier version wrote) needs
// --unauthenticated. On both databases.
func TestRestoreRefusesAnEditedBackup(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			src, dst := backupTargets(t, d)
			file := filepath.Join(t.TempDir(), "console.backup")
			backupOut, err := runCLI(t, src, "backup", file)
			if err != nil {
				t.Fatalf("backup: %v\n%s", err, backupOut)
			}
			good, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			edited := filepath.Join(t.TempDir(), "edited.backup")
			if d.Name == models.DialectPostgres {
				var lines []string
				inUsers := false
				for _, l := range strings.Split(string(good), "\n") {
					if strings.HasPrefix(l, "TABLE ") {
						inUsers = strings.HasPrefix(l, "TABLE users ")
					} else if inUsers && strings.Contains(l, "\tops1\t") {
						l = strings.Replace(l, "\tviewer", "\tadmin,editor,reviewer", 1)
					}
					lines = append(lines, l)
				}
				if err := os.WriteFile(edited, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
					t.Fatal(err)
				}
			} else {
				if err := os.WriteFile(edited, good, 0o600); err != nil {
					t.Fatal(err)
				}
				execOn(t, edited, "UPDATE users SET roles = 'admin,editor,reviewer' WHERE username = 'ops1'")
			}
			// SQLite's own writes may overwrite the MAC line: then it has none
			out, err := runCLI(t, dst, "restore", edited)
			if err == nil || !strings.Contains(err.Error(), "does not match its MAC") && (d.Name == models.DialectPostgres || !strings.Contains(err.Error(), "carries no MAC")) {
				t.Fatalf("restore of an edited backup: %v\n%s", err, out)
			}
			assertEmpty(t, dst)
			if !strings.Contains(backupOut, "authenticated with") {
				t.Errorf("backup says %q, want which key authenticates it", backupOut)
			}
			// an earlier version's backup: no MAC line
			bare := filepath.Join(t.TempDir(), "old.backup")
			i := strings.LastIndex(string(good), "AGENT-FORGE-CONSOLE-BACKUP-MAC 1 ")
			if i < 0 {
				t.Fatal("the backup has no MAC line")
			}
			if err := os.WriteFile(bare, good[:i], 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := runCLI(t, dst, "restore", bare); err == nil || !strings.Contains(err.Error(), "--unauthenticated") {
				t.Fatalf("restore of a backup without a MAC: %v, want a refusal naming --unauthenticated", err)
			}
			assertEmpty(t, dst)
			if out, err := runCLI(t, dst, "restore", "--unauthenticated", bare); err != nil || !strings.Contains(out, "not authenticated") {
				t.Fatalf("restore --unauthenticated: %v\n%s", err, out)
			}
			unauthenticatedRestores(t, dst, 1)
			// a backup whose MAC key is lost: refused, then restored with
			// --unauthenticated, audited, its chain still checked
			lost := filepath.Join(t.TempDir(), "lost.backup")
			if err := os.WriteFile(lost, append(good[:i:i], []byte("AGENT-FORGE-CONSOLE-BACKUP-MAC 1 audit-key 00\n")...), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := runCLI(t, dst, "restore", "--force", lost); err == nil || !strings.Contains(err.Error(), "--unauthenticated") {
				t.Fatalf("restore of a backup whose key is lost: %v, want a refusal naming --unauthenticated", err)
			}
			if out, err := runCLI(t, dst, "restore", "--force", "--unauthenticated", lost); err != nil || !strings.Contains(out, "not authenticated") || !strings.Contains(out, "NOT verified") || strings.Contains(out, "audit chain intact") {
				t.Fatalf("restore --unauthenticated of a backup whose key is lost: %v\n%s", err, out)
			}
			unauthenticatedRestores(t, dst, 1)
			if out, err := runCLI(t, dst, "restore", "--force", file); err != nil || !strings.Contains(out, "restored") {
				t.Fatalf("restore of the backup as made: %v\n%s", err, out)
			}
			if out, err := runCLI(t, dst, "audit", "verify"); err != nil || !strings.Contains(out, "intact") {
				t.Fatalf("audit verify: %v\n%s", err, out)
			}
		})
	}
}

// TestRestoreRefusesABrokenAuditChain: a database whose audit chain was
// edited behind the console's back backs up (the MAC only says the file is
// the one written), but restore refuses it, naming the first broken event,
// unless --accept-broken-audit. On both databases.
func TestRestoreRefusesABrokenAuditChain(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			src, dst := backupTargets(t, d)
			tamper := []string{"UPDATE audit_events SET detail = 'edited' WHERE id = (SELECT MIN(id) FROM audit_events WHERE action = 'user.create')"}
			if d.Name == models.DialectPostgres {
				tamper = append([]string{"ALTER TABLE audit_events DISABLE TRIGGER USER"}, tamper...)
			}
			execOn(t, src, tamper...)
			file := filepath.Join(t.TempDir(), "console.backup")
			if out, err := runCLI(t, src, "backup", file); err != nil {
				t.Fatalf("backup: %v\n%s", err, out)
			}
			out, err := runCLI(t, dst, "restore", file)
			if err == nil || !strings.Contains(err.Error(), "audit chain is broken at event") || !strings.Contains(err.Error(), "--accept-broken-audit") {
				t.Fatalf("restore of a broken chain: %v\n%s", err, out)
			}
			assertEmpty(t, dst)
			// --force over a database with data: refused before anything
			// is dropped, the data kept
			if out, err := runCLI(t, src, "restore", "--force", file); err == nil || !strings.Contains(err.Error(), "audit chain is broken at event") {
				t.Fatalf("restore --force of a broken chain: %v\n%s", err, out)
			}
			assertUser(t, src, "ops1")
			out, err = runCLI(t, dst, "restore", "--accept-broken-audit", file)
			if err != nil || !strings.Contains(out, "audit chain is broken at event") {
				t.Fatalf("restore --accept-broken-audit: %v\n%s", err, out)
			}
		})
	}
}

// unauthenticatedRestores fails unless the database at url records want
// restores made with --unauthenticated in its audit chain.
func unauthenticatedRestores(t *testing.T, url string, want int64) {
	t.Helper()
	s, err := models.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n, err := s.Raw(context.Background(), "SELECT COUNT(*) FROM audit_events WHERE action = 'backup.restore_unauthenticated'"); err != nil || n != want {
		t.Fatalf("audited unauthenticated restores: %d, %v; want %d", n, err, want)
	}
}

// assertUser fails unless the database at url holds user name.
func assertUser(t *testing.T, url, name string) {
	t.Helper()
	s, err := models.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n, err := s.Raw(context.Background(), "SELECT COUNT(*) FROM users WHERE username = '"+name+"'"); err != nil || n != 1 {
		t.Fatalf("user %s after a refused restore: %d, %v; want it kept", name, n, err)
	}
}
