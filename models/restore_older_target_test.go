package models_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestForcedRestoreOverAnEarlierConsolesDatabase: `restore --force` onto
// a database the previous release made and this console never migrated
// migrates it first (as this console's start would: the migrations are
// additive), says how many migrations it applied, and keeps what it had
// withdrawn (a revoked key stays revoked); it used to fail reading
// withdrawals from tables and columns the earlier schema lacks. A
// database with a migration this console does not know (a newer
// console's) is refused, naming why, and left as it was. On both
// databases.
func TestForcedRestoreOverAnEarlierConsolesDatabase(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			secrets := map[string]string{}
			for _, name := range []string{"ci", "other"} {
				sec, _, err := src.CreateScopedAPIKey(ctx, "admin", name, models.ScopeRuntime)
				if err != nil {
					t.Fatal(err)
				}
				secrets[name] = sec
			}
			file := filepath.Join(t.TempDir(), "console.backup")
			if _, err := src.Backup(ctx, file, testBackupKey); err != nil {
				t.Fatal(err)
			}
			restore := func(dst *models.Store, dstURL string) (models.BackupResult, error) {
				o := models.RestoreOptions{Force: true, Keys: []models.BackupKey{*testBackupKey}}
				if d.Name == models.DialectPostgres {
					return dst.RestorePostgres(ctx, file, o)
				}
				dst.Close()
				return models.RestoreSQLite(ctx, file, dstURL, o)
			}

			// the previous release's database, holding the backup's users
			// and its key "ci", revoked since
			older, olderURL := modelstest.OpenEmpty(t, d)
			if _, err := older.MigrateOnly(ctx, models.PreviousRelease.Migrations); err != nil {
				t.Fatalf("the previous release's migrations: %v", err)
			}
			for _, c := range []struct{ table, where string }{{"users", "1 = 1"}, {"api_keys", "name = 'ci'"}} {
				if err := src.CopyRowsInto(ctx, older, c.table, c.where); err != nil {
					t.Fatalf("copy %s into the earlier schema: %v", c.table, err)
				}
			}
			if err := older.Exec(ctx, "UPDATE api_keys SET revoked_at = ? WHERE name = 'ci'", time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			res, err := restore(older, olderURL)
			if err != nil {
				t.Fatalf("restore --force over the previous release's database: %v", err)
			}
			missing := 0
			for _, v := range models.MigrationVersions() {
				if !slices.Contains(models.PreviousRelease.Migrations, v) {
					missing++
				}
			}
			if res.MigratedTarget != missing {
				t.Errorf("the restore migrated the replaced database by %d migrations, want %d", res.MigratedTarget, missing)
			}
			var kept []string
			for _, k := range res.Kept {
				kept = append(kept, k.String())
			}
			if len(kept) != 1 || !strings.HasSuffix(kept[0], `"ci": kept revoked`) {
				t.Errorf("kept %q, want the key ci kept revoked", kept)
			}
			again, err := models.Open(ctx, olderURL)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Close()
			if _, err := again.APIKeyBySecret(ctx, secrets["ci"]); !errors.Is(err, models.ErrBadKey) {
				t.Errorf("the key the earlier database had revoked: %v, want ErrBadKey", err)
			}
			if _, err := again.APIKeyBySecret(ctx, secrets["other"]); err != nil {
				t.Errorf("a key never revoked: %v", err)
			}

			// a newer console's database: refused, untouched
			newer, newerURL := modelstest.OpenURL(t, d)
			if err := src.CopyRowsInto(ctx, newer, "users", "1 = 1"); err != nil {
				t.Fatal(err)
			}
			if err := newer.Exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", 999999, "a newer console's", time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			_, err = restore(newer, newerURL)
			if err == nil || !strings.Contains(err.Error(), "newer console") || !strings.Contains(err.Error(), "999999") {
				t.Errorf("restore --force over a newer console's database: %v, want a refusal naming its unknown migration", err)
			}
			after, err := models.Open(ctx, newerURL)
			if err != nil {
				t.Fatal(err)
			}
			defer after.Close()
			if v, err := after.SchemaVersion(ctx); err != nil || v != 999999 {
				t.Errorf("the refused restore changed the newer database: schema version %d, %v", v, err)
			}
		})
	}
}
