package models_test

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRestoreKeepsRevocations: a restore over a database that holds data
// keeps what that database withdrew since the backup was made — an API
// key revoked or suspended, a user disabled, a binding revoked — though
// the backup has them active, audits each and reports it, except a user
// who would leave no enabled admin (as disabling the last admin is
// refused); every browser session ends. A restore into an empty database reports how many API
// keys are active again. The audit chain verifies after both. On both
// databases.
func TestRestoreKeepsRevocations(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			secrets := map[string]string{}
			keys := map[string]*models.APIKey{}
			for _, name := range []string{"ci", "agent", "other"} {
				sec, k, err := src.CreateScopedAPIKey(ctx, "admin", name, models.ScopeRuntime)
				if err != nil {
					t.Fatal(err)
				}
				secrets[name], keys[name] = sec, k
			}
			ops, err := src.CreateUser(ctx, "admin", models.NewUserInput{Username: "ops1", Password: "ops1-password-long", Roles: []models.Role{models.RoleViewer}})
			if err != nil {
				t.Fatal(err)
			}
			_, b, err := src.CreateBinding(ctx, "admin", models.Binding{Subject: "u", Agent: "dev", Tool: "read_file", Digest: "d1", ExpiresAt: time.Now().Add(time.Hour), KeyID: keys["agent"].ID})
			if err != nil {
				t.Fatal(err)
			}
			// a browser session the backup holds: the restore over data
			// ends it too (not only one made after the backup)
			srcAdmin, err := src.UserByName(ctx, "admin")
			if err != nil {
				t.Fatal(err)
			}
			backedUp, _, err := src.CreateSession(ctx, srcAdmin.ID)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "console.backup")
			if _, err := src.Backup(ctx, file, testBackupKey); err != nil {
				t.Fatal(err)
			}
			var (
				dst     *models.Store
				dstPath string
				dstURL  string
			)
			if d.Name == models.DialectPostgres {
				dst, dstURL = modelstest.OpenEmpty(t, d)
			} else {
				dstPath = filepath.Join(t.TempDir(), "restored.db")
				dstURL = dstPath
			}
			restore := func(force bool) models.BackupResult {
				t.Helper()
				o := models.RestoreOptions{Force: force, Keys: []models.BackupKey{*testBackupKey}}
				var res models.BackupResult
				var err error
				if d.Name == models.DialectPostgres {
					res, err = dst.RestorePostgres(ctx, file, o)
				} else {
					res, err = models.RestoreSQLite(ctx, file, dstPath, o)
				}
				if err != nil {
					t.Fatalf("restore (force %v): %v", force, err)
				}
				return res
			}
			first := restore(false)
			if first.ReplacedData || len(first.Kept) != 0 || first.ActiveKeys != 3 {
				t.Fatalf("restore into an empty database: replaced %v, kept %v, %d active keys; want none replaced or kept, 3 active", first.ReplacedData, first.Kept, first.ActiveKeys)
			}
			got, err := models.Open(ctx, dstURL)
			if err != nil {
				t.Fatal(err)
			}
			if err := got.RevokeAPIKey(ctx, "admin", keys["ci"].ID); err != nil {
				t.Fatal(err)
			}
			if _, err := got.SuspendAPIKey(ctx, "admin", keys["agent"].ID, "incident"); err != nil {
				t.Fatal(err)
			}
			if err := got.SetDisabled(ctx, "admin", ops.ID, true); err != nil {
				t.Fatal(err)
			}
			if _, err := got.RevokeBinding(ctx, "admin", b.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
			admin, err := got.UserByName(ctx, "admin")
			if err != nil {
				t.Fatal(err)
			}
			// an admin made after the backup, and the backup's only admin
			// disabled: restored, nobody could administer the console
			if _, err := got.CreateUser(ctx, "admin", models.NewUserInput{Username: "admin2", Password: "admin2-password-long", Roles: []models.Role{models.RoleAdmin}}); err != nil {
				t.Fatal(err)
			}
			if err := got.SetDisabled(ctx, "admin2", admin.ID, true); err != nil {
				t.Fatal(err)
			}
			tok, _, err := got.CreateSession(ctx, admin.ID)
			if err != nil {
				t.Fatal(err)
			}
			got.Close()

			res := restore(true)
			if !res.ReplacedData || res.LastAdminEnabled != "admin" {
				t.Errorf("a restore over data: replaced %v, last admin left enabled %q; want true, admin", res.ReplacedData, res.LastAdminEnabled)
			}
			var kept []string
			for _, k := range res.Kept {
				kept = append(kept, k.String())
			}
			want := []string{`API key ` + itoa(keys["ci"].ID) + ` "ci": kept revoked`, `API key ` + itoa(keys["agent"].ID) + ` "agent": kept suspended`, `user ops1: kept disabled`, `binding ` + itoa(b.ID) + ` dev/read_file: kept revoked`}
			if strings.Join(kept, "\n") != strings.Join(want, "\n") {
				t.Errorf("kept:\n%s\nwant:\n%s", strings.Join(kept, "\n"), strings.Join(want, "\n"))
			}
			again, err := models.Open(ctx, dstURL)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Close()
			if _, err := again.APIKeyBySecret(ctx, secrets["ci"]); !errors.Is(err, models.ErrBadKey) {
				t.Errorf("the key revoked before the restore: %v, want ErrBadKey", err)
			}
			if _, err := again.APIKeyBySecret(ctx, secrets["agent"]); !errors.Is(err, models.ErrKeySuspended) {
				t.Errorf("the key suspended before the restore: %v, want ErrKeySuspended", err)
			}
			if _, err := again.APIKeyBySecret(ctx, secrets["other"]); err != nil {
				t.Errorf("a key never revoked: %v", err)
			}
			if u, err := again.UserByName(ctx, "ops1"); err != nil || !u.Disabled {
				t.Errorf("the user disabled before the restore: %+v, %v", u, err)
			}
			if u, err := again.UserByName(ctx, "admin"); err != nil || u.Disabled {
				t.Errorf("the restored data's only admin: %+v, %v; want it enabled", u, err)
			}
			if live, err := again.LiveBindings(ctx, models.BindingFilter{}, time.Now(), 10); err != nil || len(live) != 0 {
				t.Errorf("live bindings after the restore %+v, %v; the one revoked before it is live again", live, err)
			}
			if _, _, err := again.SessionByToken(ctx, tok, models.DefaultSessionPolicy); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("a session from before the restore: %v, want it ended", err)
			}
			if _, _, err := again.SessionByToken(ctx, backedUp, models.DefaultSessionPolicy); !errors.Is(err, models.ErrNotFound) || res.SessionsEnded < 1 {
				t.Errorf("the backup's own session after a restore over data: %v (%d sessions ended), want it ended", err, res.SessionsEnded)
			}
			v, err := again.VerifyAudit(ctx)
			if err != nil || v.Broken() {
				t.Fatalf("audit chain after the restore %+v, %v", v, err)
			}
			evs, _, err := again.AuditEvents(ctx, models.AuditFilter{Action: models.AuditRestoreKept, PerPage: 50})
			if err != nil || len(evs) != len(want) {
				t.Errorf("%d %s events, %v; want %d", len(evs), models.AuditRestoreKept, err, len(want))
			}
		})
	}
}

func itoa(n uint) string { return strconv.FormatUint(uint64(n), 10) }
