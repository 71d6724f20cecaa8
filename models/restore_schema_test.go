package models_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestARestoreRefusesSchemaTheConsoleDoesNotMake: an unauthenticated
// SQLite backup is a whole database file, schema included. One with a
// trigger of its own (re-enabling revoked keys on any change to them)
// restored with the trigger in place, and it kept working in the
// restored console. A backup whose tables, indexes, triggers or views are
// not exactly the ones this console makes — one added, one missing, a
// trigger changed — is refused naming the object, and nothing is written.
func TestARestoreRefusesSchemaTheConsoleDoesNotMake(t *testing.T) {
	ctx := context.Background()
	d := modelstest.Dialect{Name: models.DialectSQLite}
	src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.backup")
	if _, err := src.Backup(ctx, good, nil); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	edited := func(name string, stmts ...string) string {
		t.Helper()
		p := filepath.Join(dir, name+".backup")
		if err := os.WriteFile(p, whole, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := models.Open(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range stmts {
			if err := s.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		s.Close()
		return p
	}
	for _, tc := range []struct{ name, file, want string }{
		{"a trigger added", edited("trigger", "CREATE TRIGGER unrevoke AFTER UPDATE ON api_keys BEGIN UPDATE api_keys SET revoked_at = NULL WHERE revoked_at IS NOT NULL; END"), `trigger "unrevoke"`},
		{"a trigger named like SQLite's own", edited("sqlitelike", "CREATE TRIGGER sqlitex AFTER UPDATE ON api_keys BEGIN UPDATE api_keys SET revoked_at = NULL WHERE revoked_at IS NOT NULL; END"), `trigger "sqlitex"`},
		{"a trigger named in SQLite's capitals", edited("sqlitecaps", "CREATE TRIGGER SQLITEfoo AFTER UPDATE ON api_keys BEGIN UPDATE api_keys SET revoked_at = NULL WHERE revoked_at IS NOT NULL; END"), `trigger "SQLITEfoo"`},
		{"a view added", edited("view", "CREATE VIEW everyone_admin AS SELECT * FROM users"), `view "everyone_admin"`},
		{"a table added", edited("table", "CREATE TABLE stash (x TEXT)"), `table "stash"`},
		{"an index dropped", edited("index", "DROP INDEX idx_api_keys_live_name"), `index "idx_api_keys_live_name"`},
		{"a trigger changed", edited("changed", "DROP TRIGGER run_events_totals", "CREATE TRIGGER run_events_totals AFTER INSERT ON run_events BEGIN SELECT 1; END"), `trigger "run_events_totals"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			target := filepath.Join(t.TempDir(), "restored.db")
			_, err := models.RestoreSQLite(ctx, tc.file, target, models.RestoreOptions{Unauthenticated: true})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore: %v, want a refusal naming %s", err, tc.want)
			}
			if _, err := os.Stat(target); !os.IsNotExist(err) {
				t.Errorf("the refused restore wrote %s (%v)", target, err)
			}
		})
	}
	// the backup as made still restores
	if _, err := models.RestoreSQLite(ctx, good, filepath.Join(t.TempDir(), "restored.db"), models.RestoreOptions{Unauthenticated: true}); err != nil {
		t.Fatal(err)
	}
}
