package models_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// A fresh SQLite database migrated in one transaction ends with the same
// schema and the same schema_migrations rows as one migrated a migration at
// a time (the path every existing database takes).
func TestFreshSQLiteMigrationMatchesStepwise(t *testing.T) {
	ctx := context.Background()
	sqlite := modelstest.Dialect{Name: models.DialectSQLite}

	fresh, _ := modelstest.OpenEmpty(t, sqlite)
	applied, err := fresh.Migrate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := models.MigrationVersions()
	if !reflect.DeepEqual(applied, want) {
		t.Fatalf("fresh migrate applied %v, want every version %v", applied, want)
	}

	// the first migration alone (one transaction), then the rest one by one
	stepwise, _ := modelstest.OpenEmpty(t, sqlite)
	first, err := stepwise.MigrateBefore(ctx, want[0]+1)
	if err != nil || len(first) != 1 {
		t.Fatalf("first migration: %v, %v", first, err)
	}
	rest, err := stepwise.Migrate(ctx)
	if err != nil || len(rest) != len(want)-1 {
		t.Fatalf("stepwise applied %d of %d: %v", len(rest), len(want)-1, err)
	}

	a, b := readBoth(t, ctx, (*models.Store).SQLiteSchema, fresh, stepwise)
	if len(a) < 20 || !reflect.DeepEqual(a, b) {
		t.Fatalf("schemas differ:\nfresh    %d entries\nstepwise %d entries\n%s", len(a), len(b), diff(a, b))
	}
	ra, rb := readBoth(t, ctx, (*models.Store).RecordedMigrations, fresh, stepwise)
	if len(ra) != len(want) || !reflect.DeepEqual(ra, rb) {
		t.Fatalf("recorded migrations differ:\n%s", diff(ra, rb))
	}
}

// A migration that fails on a fresh database leaves nothing applied: no
// table, no schema_migrations row; the error names the migration. Fixing
// the cause and migrating again applies everything.
func TestFreshMigrationFailureLeavesNothing(t *testing.T) {
	eachDialectEmpty(t, func(t *testing.T, s *models.Store, dialect string) {
		ctx := context.Background()
		fail := errors.New("boom")
		restore := models.WithMigration(models.Migration{Version: 99999, Name: "fails on purpose", Up: func(tx *gorm.DB, _ string) error {
			return fail
		}})
		_, err := s.Migrate(ctx)
		restore()
		if !errors.Is(err, fail) || !strings.Contains(err.Error(), "migration 99999 (fails on purpose)") {
			t.Fatalf("migrate error = %v", err)
		}
		v, err := s.SchemaVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if v != 0 {
			t.Fatalf("after a failed fresh migration the schema version is %d, want 0 (nothing applied)", v)
		}
		if dialect == models.DialectSQLite {
			schema, err := s.SQLiteSchema(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range schema {
				if !strings.Contains(e, "schema_migrations") {
					t.Fatalf("a failed fresh migration left %q", e)
				}
			}
		} else {
			// Postgres takes a fresh schema's migrations in one transaction too
			var left []string
			if err := s.RawScan(ctx, &left, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'"); err != nil || len(left) > 0 {
				t.Fatalf("a failed fresh migration left tables %v (%v)", left, err)
			}
		}
		applied, err := s.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := s.SchemaVersion(ctx); got != maxVersion() || len(applied) != len(models.MigrationVersions()) {
			t.Fatalf("after the fix: version %d (want %d), applied %d", got, maxVersion(), len(applied))
		}
	})
}

// A SQLite database with migrations applied takes the one-transaction-per-
// migration path: a failure keeps the migrations before it.
func TestExistingSQLiteMigrationFailureKeepsEarlierOnes(t *testing.T) {
	ctx := context.Background()
	s, _ := modelstest.OpenEmpty(t, modelstest.Dialect{Name: models.DialectSQLite})
	want := models.MigrationVersions()
	if _, err := s.MigrateBefore(ctx, want[0]+1); err != nil {
		t.Fatal(err)
	}
	restore := models.WithMigration(models.Migration{Version: 99999, Name: "fails on purpose", Up: func(tx *gorm.DB, _ string) error {
		return errors.New("boom")
	}})
	applied, err := s.Migrate(ctx)
	restore()
	if err == nil || len(applied) != len(want)-1 {
		t.Fatalf("applied %d before the failure (want %d), err %v", len(applied), len(want)-1, err)
	}
	if v, _ := s.SchemaVersion(ctx); v != maxVersion() {
		t.Fatalf("schema version %d, want %d", v, maxVersion())
	}
}

// Opening and migrating a fresh SQLite file, as a cold start does.
// Compare builds with old and new test binaries alternating in one run.
func BenchmarkMigrateFreshSQLite(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		path := filepath.Join(dir, "fresh.db")
		s, err := models.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Migrate(ctx); err != nil {
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

func eachDialectEmpty(t *testing.T, fn func(t *testing.T, s *models.Store, dialect string)) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			s, _ := modelstest.OpenEmpty(t, d)
			fn(t, s, d.Name)
		})
	}
}

func maxVersion() int {
	m := 0
	for _, v := range models.MigrationVersions() {
		if v > m {
			m = v
		}
	}
	return m
}

func diff(a, b []string) string {
	in := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	ia, ib := in(a), in(b)
	var out []string
	for _, x := range a {
		if !ib[x] {
			out = append(out, "only fresh:    "+x)
		}
	}
	for _, x := range b {
		if !ia[x] {
			out = append(out, "only stepwise: "+x)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// readBoth reads the same thing of two stores (a schema, the recorded
// migrations) to compare them.
func readBoth[T any](t *testing.T, ctx context.Context, read func(*models.Store, context.Context) (T, error), a, b *models.Store) (T, T) {
	t.Helper()
	ra, err := read(a, ctx)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := read(b, ctx)
	if err != nil {
		t.Fatal(err)
	}
	return ra, rb
}
