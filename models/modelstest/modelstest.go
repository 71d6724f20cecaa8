// Package modelstest opens isolated stores for tests: a fresh SQLite file
// always, and a fresh Postgres schema when CONSOLE_TEST_DATABASE_URL is set.
// In CI (CI=true) a missing Postgres URL fails the test instead of
// skipping it.
package modelstest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// Dialect names a database a test runs on.
type Dialect struct {
	Name string
	URL  string
}

// Dialects lists the databases store tests run on.
func Dialects(t testing.TB) []Dialect {
	t.Helper()
	ds := []Dialect{{Name: models.DialectSQLite}}
	if u := PostgresURL(t); u != "" {
		ds = append(ds, Dialect{Name: models.DialectPostgres, URL: u})
	}
	return ds
}

// PostgresURL returns the test Postgres URL, failing in CI when it is
// missing and returning "" outside CI.
func PostgresURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("CONSOLE_TEST_DATABASE_URL")
	if u == "" && os.Getenv("CI") == "true" {
		t.Fatal("CONSOLE_TEST_DATABASE_URL is not set: in CI the Postgres tests must run")
	}
	return u
}

// RequirePostgres returns the Postgres URL or skips (outside CI) / fails
// (in CI) the test.
func RequirePostgres(t testing.TB) string {
	t.Helper()
	u := PostgresURL(t)
	if u == "" {
		t.Skip("CONSOLE_TEST_DATABASE_URL not set; Postgres-only test skipped outside CI")
	}
	return u
}

// Open opens a fresh, migrated, empty store on the dialect and closes it
// when the test ends. Postgres gets its own schema, dropped afterwards.
func Open(t testing.TB, d Dialect) *models.Store {
	t.Helper()
	s, _ := OpenURL(t, d)
	return s
}

// OpenURL is Open that also returns the database URL, so a test can open
// a second store on the same database (a second replica).
func OpenURL(t testing.TB, d Dialect) (*models.Store, string) {
	t.Helper()
	s, dsn := OpenEmpty(t, d)
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", d.Name, err)
	}
	return s, dsn
}

// OpenEmpty opens a fresh database without migrating it (a test migrates
// it as it needs: part way, as an earlier release left it, or restores a
// backup into it) and returns its URL. Postgres gets its own schema,
// dropped afterwards.
func OpenEmpty(t testing.TB, d Dialect) (*models.Store, string) {
	t.Helper()
	ctx := context.Background()
	var dsn string
	switch d.Name {
	case models.DialectPostgres:
		schema := fmt.Sprintf("t_%s", strings.ToLower(strings.NewReplacer("-", "_").Replace(models.RandomToken(6))))
		admin, err := models.Open(ctx, d.URL)
		if err != nil {
			t.Fatalf("postgres: %v", err)
		}
		if err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
			t.Fatalf("create schema: %v", err)
		}
		t.Cleanup(func() {
			_ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			admin.Close()
		})
		u, err := url.Parse(d.URL)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		dsn = u.String()
	default:
		dsn = filepath.Join(t.TempDir(), "test.db")
	}
	s, err := models.OpenCounting(ctx, dsn)
	if err != nil {
		t.Fatalf("open %s: %v", d.Name, err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dsn
}

// OpenSeeded opens a store as a first start leaves it: built-in catalog,
// demo data and an admin with the given password.
func OpenSeeded(t testing.TB, d Dialect, adminPassword string, totals models.TotalsFunc) *models.Store {
	t.Helper()
	s := Open(t, d)
	if _, err := s.Bootstrap(context.Background(), adminPassword, totals); err != nil {
		t.Fatalf("bootstrap: %v", err)
	}
	return s
}
