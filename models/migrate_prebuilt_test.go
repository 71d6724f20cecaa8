package models_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

var updatePrebuilt = flag.Bool("update", false, "rewrite models/schema_sqlite.sql from the migrations")

// An empty SQLite database takes the prebuilt schema (one script, a handful
// of statements) and ends exactly as one the migrations built: the same
// tables, indexes and triggers, the same rows in every table, the same
// schema_migrations versions and names. The embedded script is the one the
// migrations produce now (a migration appended without regenerating it
// fails here; -update rewrites it).
func TestPrebuiltSQLiteSchemaMatchesMigrations(t *testing.T) {
	ctx := context.Background()
	sqlite := modelstest.Dialect{Name: models.DialectSQLite}

	// every migration, run one by one in one transaction (MigrateBefore never takes the prebuilt schema)
	migrated, _ := modelstest.OpenEmpty(t, sqlite)
	if _, err := migrated.MigrateBefore(ctx, maxVersion()+1); err != nil {
		t.Fatal(err)
	}
	script, err := migrated.SQLiteScript(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if *updatePrebuilt {
		if err := os.WriteFile("schema_sqlite.sql", []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skip("rewrote schema_sqlite.sql; run again without -update")
	}
	if script != models.PrebuiltSQLite() {
		t.Fatalf("schema_sqlite.sql is stale (a first start would run every migration); refresh it with go test ./models -run TestPrebuiltSQLiteSchemaMatchesMigrations -update")
	}

	prebuilt, _ := modelstest.OpenEmpty(t, sqlite)
	start := time.Now().Truncate(time.Second)
	before := prebuilt.Statements()
	applied, err := prebuilt.Migrate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := models.MigrationVersions(); !reflect.DeepEqual(applied, want) {
		t.Fatalf("applied %v, want every version %v", applied, want)
	}
	// the migrations take hundreds of statements; the prebuilt path a few
	if n := prebuilt.Statements() - before; n > 12 {
		t.Fatalf("migrating an empty database took %d statements: the prebuilt schema was not applied", n)
	}

	a, b := readBoth(t, ctx, (*models.Store).SQLiteSchema, prebuilt, migrated)
	if len(a) < 20 || !reflect.DeepEqual(a, b) {
		t.Fatalf("schemas differ:\n%s", diff(a, b))
	}
	got, err := prebuilt.SQLiteScript(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got != script {
		t.Fatalf("the prebuilt database's schema or rows differ from the migrated one's")
	}
	// the rows' timestamps are the first start's, read back as times
	var created []time.Time
	if err := prebuilt.RawScan(ctx, &created, "SELECT created_at FROM subject_groups UNION ALL SELECT created_at FROM group_versions"); err != nil {
		t.Fatal(err)
	}
	if len(created) != 2 || created[0].Before(start) || created[1].Before(start) {
		t.Fatalf("prebuilt rows' created_at %v, want the time of the migration (after %v)", created, start)
	}
	ra, rb := readBoth(t, ctx, (*models.Store).RecordedMigrations, prebuilt, migrated)
	if !reflect.DeepEqual(ra, rb) {
		t.Fatalf("recorded migrations differ:\n%s", diff(ra, rb))
	}
}

// A server's first start on a fresh SQLite file: migrations, the built-in
// catalog, the demo and the admin (its hash deferred, as serve leaves it
// until it listens). Compare builds with old and new test binaries
// alternating in one run.
func BenchmarkFirstStartSQLite(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		path := filepath.Join(dir, "first.db")
		s, err := models.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.BootstrapDeferred(ctx, "", nil); err != nil {
			b.Fatal(err)
		}
		s.Close()
		b.StopTimer()
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(path + suffix)
		}
		b.StartTimer()
	}
}
