package models_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// tableDigests is every console table's row count and, on Postgres, a
// digest of its rows in a fixed order.
func tableDigests(t *testing.T, s *models.Store) map[string]string {
	t.Helper()
	ctx := context.Background()
	var names []string
	q := "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
	if s.Dialect() == models.DialectPostgres {
		q = "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition"
	}
	if err := s.RawScan(ctx, &names, q); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range names {
		var d string
		q := "SELECT COUNT(*) || '' FROM " + n
		if s.Dialect() == models.DialectPostgres {
			q = "SELECT COUNT(*) || ':' || COALESCE(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM " + n + " x"
		}
		if err := s.RawScan(ctx, &d, q); err != nil {
			t.Fatal(err)
		}
		out[n] = d
	}
	return out
}

// TestBackupRestoresIntoAnEmptyDatabase: a backup of a console with users,
// audit events and run evidence over several days restores into an empty
// database with every table's rows equal, the audit chain verifying with
// the same head, the runs' totals rebuilt, and new writes going on after
// the restored ids; a database with data is refused unless forced; an
// existing backup file is never overwritten. On both databases.
func TestBackupRestoresIntoAnEmptyDatabase(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			if _, err := src.CreateUser(ctx, "admin", models.NewUserInput{Username: "ops1", Password: "ops1-password-long", Roles: []models.Role{models.RoleViewer}}); err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC()
			if err := src.SaveRunEvents(ctx, []models.RunEvent{stepAt("r1", now.AddDate(0, 0, -3)), stepAt("r1", now), stepAt("r2", now.AddDate(0, 0, -1)), {Run: "r2", Kind: models.RunCall, Agent: "dev", Surface: "s", Tool: "tab\there", CreatedAt: now}}); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "console.backup")
			if _, err := src.Backup(ctx, file, testBackupKey); err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
				t.Fatalf("backup file %v, %v: want mode 0600", fi, err)
			}
			if _, err := src.Backup(ctx, file, testBackupKey); err == nil {
				t.Fatal("a backup overwrote an existing file")
			}
			dialect, err := models.BackupDialect(file)
			if err != nil || dialect != d.Name {
				t.Fatalf("backup dialect %q, %v", dialect, err)
			}
			var (
				dst     *models.Store
				dstPath string
			)
			restore := func(force bool) error {
				if d.Name == models.DialectPostgres {
					_, err := dst.RestorePostgres(ctx, file, models.RestoreOptions{Force: force, Keys: []models.BackupKey{*testBackupKey}})
					return err
				}
				_, err := models.RestoreSQLite(ctx, file, dstPath, models.RestoreOptions{Force: force, Keys: []models.BackupKey{*testBackupKey}})
				return err
			}
			var dstURL string
			if d.Name == models.DialectPostgres {
				dst, dstURL = modelstest.OpenEmpty(t, d)
			} else {
				dstPath = filepath.Join(t.TempDir(), "restored.db")
				dstURL = dstPath
			}
			if err := restore(false); err != nil {
				t.Fatal(err)
			}
			// a fresh store on the restored database, as the next start
			got, err := models.Open(ctx, dstURL)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			want := tableDigests(t, src)
			if have := tableDigests(t, got); !reflect.DeepEqual(have, want) {
				for k := range want {
					if have[k] != want[k] {
						t.Errorf("table %s: restored %s, backed up %s", k, have[k], want[k])
					}
				}
				t.Fatalf("tables differ")
			}
			vs, err := src.VerifyAudit(ctx)
			if err != nil {
				t.Fatal(err)
			}
			vg, err := got.VerifyAudit(ctx)
			if err != nil || vg.Broken() || vg.Events != vs.Events || vg.HeadHash != vs.HeadHash || vg.Events < 2 {
				t.Fatalf("restored audit chain %+v, %v; source %+v", vg, err, vs)
			}
			rs, _ := src.RecentRuns(ctx, 10)
			rg, err := got.RecentRuns(ctx, 10)
			if err != nil || !reflect.DeepEqual(rg, rs) {
				t.Errorf("run totals after restore %+v, %v; want %+v", rg, err, rs)
			}
			// writes go on: audited user creation, evidence, after the old ids
			if _, err := got.CreateUser(ctx, "admin", models.NewUserInput{Username: "ops2", Password: "ops2-password-long", Roles: []models.Role{models.RoleViewer}}); err != nil {
				t.Fatalf("a write after the restore: %v", err)
			}
			if err := got.SaveRunEvents(ctx, []models.RunEvent{stepAt("r1", time.Time{})}); err != nil {
				t.Fatal(err)
			}
			if evs, err := got.RunEvents(ctx, "r1", 10); err != nil || len(evs) != 3 || evs[2].ID <= evs[1].ID {
				t.Fatalf("run r1 after a new event: %+v, %v", evs, err)
			}
			if v, err := got.VerifyAudit(ctx); err != nil || v.Broken() || v.Events != vs.Events+1 {
				t.Fatalf("audit chain after a new event %+v, %v", v, err)
			}
			got.Close()
			// the target has data now
			if err := restore(false); !errors.Is(err, models.ErrNotEmpty) {
				t.Fatalf("restore over data: %v, want ErrNotEmpty", err)
			}
			if err := restore(true); err != nil {
				t.Fatalf("restore --force: %v", err)
			}
			again, err := models.Open(ctx, dstURL)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Close()
			if v, err := again.VerifyAudit(ctx); err != nil || v.Broken() || v.HeadHash != vs.HeadHash {
				t.Fatalf("audit chain after restore --force %+v, %v", v, err)
			}
		})
	}
}

// TestBackupIsOneSnapshot: a Postgres backup taken while users are being
// created (each a user row and its audit event, in one transaction)
// reads every table in one snapshot: the restored database has exactly
// one user.create event per created user, though audit_events is copied
// before users.
func TestBackupIsOneSnapshot(t *testing.T) {
	u := modelstest.RequirePostgres(t)
	ctx := context.Background()
	d := modelstest.Dialect{Name: models.DialectPostgres, URL: u}
	src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
	stop := make(chan struct{})
	done := make(chan error, 1)
	first := make(chan struct{}) // closed once the writer has created a user
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if _, err := src.CreateUser(ctx, "admin", models.NewUserInput{Username: fmt.Sprintf("snap%d", i), Password: "snapshot-password-long", Roles: []models.Role{models.RoleViewer}}); err != nil {
				done <- err
				return
			}
			if i == 0 {
				close(first)
			}
		}
	}()
	select { // the backups start once the writer writes
	case <-first:
	case err := <-done:
		t.Fatalf("the writer stopped before its first user: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the writer created no user within 2 minutes")
	}
	file := filepath.Join(t.TempDir(), "snap.backup")
	var err error
	for range 3 { // backups while the writer writes
		_ = os.Remove(file)
		if _, err = src.Backup(ctx, file, testBackupKey); err != nil {
			break
		}
	}
	close(stop)
	if werr := <-done; werr != nil {
		t.Fatal(werr)
	}
	if err != nil {
		t.Fatal(err)
	}
	dst, url := modelstest.OpenEmpty(t, d)
	if _, err := dst.RestorePostgres(ctx, file, models.RestoreOptions{Keys: []models.BackupKey{*testBackupKey}}); err != nil {
		t.Fatal(err)
	}
	got, err := models.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	users, err := got.Raw(ctx, "SELECT COUNT(*) FROM users WHERE username LIKE 'snap%'")
	if err != nil {
		t.Fatal(err)
	}
	events, err := got.Raw(ctx, "SELECT COUNT(*) FROM audit_events WHERE action = 'user.create' AND subject LIKE 'user:snap%'")
	if err != nil {
		t.Fatal(err)
	}
	if users == 0 || users != events {
		t.Fatalf("restored %d users and %d user.create events: not one snapshot", users, events)
	}
	if v, err := got.VerifyAudit(ctx); err != nil || v.Broken() {
		t.Fatalf("audit chain %+v, %v", v, err)
	}
}

// testBackupKey authenticates the tests' backups.
var testBackupKey = &models.BackupKey{Source: models.BackupKeySecrets, Key: []byte("a secrets key of at least 32 bytes, for tests")}
