package models_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestABadBackupIsRefusedBeforeTheDatabaseIsTouched: a forced restore
// onto an earlier console's database migrated that database before it
// checked the backup (SQLite), and a restore into an empty Postgres
// database made the console's schema there before it found the backup
// cut short. A backup of another console's schema, or one cut short, is
// refused naming what is wrong, with the database as it was: an earlier
// console's keeps its migrations, an empty one stays empty. On both
// databases.
func TestABadBackupIsRefusedBeforeTheDatabaseIsTouched(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			dir := t.TempDir()
			cut := filepath.Join(dir, "cut.backup")
			if _, err := src.Backup(ctx, cut, nil); err != nil {
				t.Fatal(err)
			}
			whole, err := os.ReadFile(cut)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(cut, whole[:len(whole)*3/4], 0o600); err != nil {
				t.Fatal(err)
			}
			if err := src.Exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", 999999, "a newer console's", time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			newer := filepath.Join(dir, "newer.backup")
			if _, err := src.Backup(ctx, newer, testBackupKey); err != nil {
				t.Fatal(err)
			}
			restore := func(dst *models.Store, url, file string, o models.RestoreOptions) error {
				if d.Name == models.DialectPostgres {
					_, err := dst.RestorePostgres(ctx, file, o)
					return err
				}
				dst.Close()
				_, err := models.RestoreSQLite(ctx, file, url, o)
				return err
			}
			tables := func(url string) int {
				t.Helper()
				s, err := models.Open(ctx, url)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				var n struct{ N int }
				q := "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()"
				if d.Name != models.DialectPostgres {
					q = "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'"
				}
				if err := s.RawScan(ctx, &n, q); err != nil {
					t.Fatal(err)
				}
				return n.N
			}
			migrated := func(url string) int {
				t.Helper()
				s, err := models.Open(ctx, url)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				var n struct{ N int }
				if err := s.RawScan(ctx, &n, "SELECT COUNT(*) AS n FROM schema_migrations"); err != nil {
					t.Fatal(err)
				}
				return n.N
			}
			for _, tc := range []struct {
				name, file, want, wantPostgres string
				o                              models.RestoreOptions
			}{
				{"another console's schema", newer, "is not this console's", "is not this console's", models.RestoreOptions{Force: true, Keys: []models.BackupKey{*testBackupKey}}},
				{"cut short", cut, "is not a whole SQLite database", "rows end early", models.RestoreOptions{Force: true, Unauthenticated: true}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					if d.Name == models.DialectPostgres {
						tc.want = tc.wantPostgres
					}
					older, olderURL := modelstest.OpenEmpty(t, d)
					if _, err := older.MigrateOnly(ctx, models.PreviousRelease.Migrations); err != nil {
						t.Fatal(err)
					}
					if err := src.CopyRowsInto(ctx, older, "users", "1 = 1"); err != nil {
						t.Fatal(err)
					}
					err := restore(older, olderURL, tc.file, tc.o)
					if err == nil || !strings.Contains(err.Error(), tc.want) {
						t.Errorf("restore --force of a backup %s: %v, want a refusal saying %q", tc.name, err, tc.want)
					}
					if got, want := migrated(olderURL), len(models.PreviousRelease.Migrations); got != want {
						t.Errorf("the refused restore migrated the earlier console's database: %d migrations, want %d", got, want)
					}
					empty, emptyURL := modelstest.OpenEmpty(t, d)
					before := tables(emptyURL)
					err = restore(empty, emptyURL, tc.file, tc.o)
					if err == nil || !strings.Contains(err.Error(), tc.want) {
						t.Errorf("restore of a backup %s into an empty database: %v, want a refusal saying %q", tc.name, err, tc.want)
					}
					if after := tables(emptyURL); after != before {
						t.Errorf("the refused restore made %d tables in the empty database", after-before)
					}
				})
			}
		})
	}
}

// TestRestoreIntoAnEmptyDatabaseNamesNoReplacedOne: restoring into an
// empty database ends the backup's open gateway sessions (none is known
// to be still open), and the restore.kept_consumed event said they were
// ended by "the replaced database", where there was none. It says the
// database was empty. On both databases.
func TestRestoreIntoAnEmptyDatabaseNamesNoReplacedOne(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			_, k, err := src.CreateScopedAPIKey(ctx, "admin", "runtime", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			if err := src.CreateGatewaySession(ctx, "tok-1", &models.GatewaySession{KeyID: k.ID, Agent: "demo", Run: "run-1", Receipts: "[]"}); err != nil {
				t.Fatal(err)
			}
			backup := filepath.Join(t.TempDir(), "console.backup")
			if _, err := src.Backup(ctx, backup, testBackupKey); err != nil {
				t.Fatal(err)
			}
			dst := newRestoreTarget(t, d)
			if res := dst.restore(t, backup, false); res.SessionsClosed != 1 {
				t.Errorf("the restore ended %d gateway sessions, want 1", res.SessionsClosed)
			}
			got, err := models.Open(ctx, dst.url)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			evs, _, err := got.AuditEvents(ctx, models.AuditFilter{Action: models.AuditRestoreKeptConsumed, PerPage: 10})
			if err != nil || len(evs) != 1 {
				t.Fatalf("restore.kept_consumed events: %d, %v; want 1", len(evs), err)
			}
			if detail := evs[0].Detail; strings.Contains(detail, "replaced") || !strings.Contains(detail, "1 gateway session") {
				t.Errorf("restore.kept_consumed says %q: want the backup's one gateway session ended, and no replaced database", detail)
			}
		})
	}
}
