package models_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestMigrateLockedWaitsForAStart: a command that only migrates (console
// migrate) does not apply the migrations beside a start on the same
// database: it waits for the start's lock, past its bound fails naming
// it, and goes through once the start is done. (Two processes migrating
// one new SQLite file at once failed on a table the other had made.)
func TestMigrateLockedWaitsForAStart(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			first, dsn := modelstest.OpenEmpty(t, d)
			res, err := first.BootstrapDeferred(ctx, "", nil) // holds the lock until its hash is stored
			if err != nil || res.FinishAdmin == nil {
				t.Fatalf("first start: %+v, %v", res, err)
			}
			second, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer second.Close()
			lock := "advisory lock (7005"
			if d.Name == models.DialectSQLite {
				lock = dsn + ".start.lock"
			}
			restore := models.SetStartLockWait(300 * time.Millisecond)
			_, err = second.MigrateLocked(ctx)
			restore()
			if err == nil || !strings.Contains(err.Error(), lock) {
				t.Fatalf("a migration during a start = %v, want it to wait for the start's lock (%s)", err, lock)
			}
			if err := res.FinishAdmin(ctx); err != nil {
				t.Fatal(err)
			}
			if applied, err := second.MigrateLocked(ctx); err != nil || len(applied) != 0 {
				t.Fatalf("a migration once the start is done = %v, %v (want nothing left to apply)", applied, err)
			}
		})
	}
}
