package models

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// destructiveRules are the statements an older replica may trip over
// while it still serves on a database a newer release migrated: each
// removes, renames or narrows what the older code reads or writes.
var destructiveRules = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`(?i)\bDROP\s+(TABLE|VIEW|SCHEMA|COLUMN)\b`), "drops a table, view, schema or column"},
	{regexp.MustCompile(`(?i)\bDROP\s+DEFAULT\b`), "drops a column default older writers rely on"},
	{regexp.MustCompile(`(?i)\bALTER\s+TABLE\s+.*\bRENAME\s+(TO|COLUMN|\S+\s+TO)\b`), "renames a table or column"},
	{regexp.MustCompile(`(?i)\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b`), "changes a column's type"},
	{regexp.MustCompile(`(?i)\bSET\s+NOT\s+NULL\b`), "makes a column required that older writers may leave out"},
	{regexp.MustCompile(`(?i)\bTRUNCATE\b`), "empties a table"},
}

// addRequired matches an added column that is NOT NULL; without a
// DEFAULT older writers, which do not know the column, fail. (ADD
// CONSTRAINT is not a column; see constraintName.)
var addRequired = regexp.MustCompile(`(?i)\bADD\s+(COLUMN\s+)?(\S+)\s+[^,]*\bNOT\s+NULL\b`)

// dropWithoutColumn matches Postgres' ALTER TABLE t DROP c, which drops
// a column without saying COLUMN (DROP CONSTRAINT relaxes, and is fine).
var dropWithoutColumn = regexp.MustCompile(`(?i)\bALTER\s+TABLE\s+(?:ONLY\s+)?\S+\s+DROP\s+(?:IF\s+EXISTS\s+)?(\S+)`)

// destructive says why a statement breaks an older replica, or "".
func destructive(sql string) string {
	for _, r := range destructiveRules {
		if r.re.MatchString(sql) {
			return r.why
		}
	}
	if m := dropWithoutColumn.FindStringSubmatch(sql); m != nil && !strings.EqualFold(m[1], "CONSTRAINT") {
		return "drops a column"
	}
	if m := addRequired.FindStringSubmatch(sql); m != nil && !strings.EqualFold(m[2], "CONSTRAINT") && !strings.Contains(strings.ToUpper(sql), "DEFAULT") {
		return "adds a NOT NULL column without a default"
	}
	return ""
}

func TestDestructiveStatements(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want bool
	}{
		{"ALTER TABLE tools ADD COLUMN reasons TEXT NOT NULL DEFAULT ''", false},
		{"ALTER TABLE `bindings` ADD `revoked_at` datetime", false},
		{"CREATE TABLE run_events_2026_12_02 PARTITION OF run_events FOR VALUES FROM ('2026-12-02') TO ('2026-12-03')", false},
		{"CREATE INDEX idx_x ON run_events (run_id)", false},
		{"ALTER TABLE reviews ALTER COLUMN revision DROP NOT NULL", false},
		{"ALTER TABLE reviews DROP CONSTRAINT reviews_pkey", false},
		{"DROP INDEX idx_old", false},
		{"ALTER INDEX idx_run_events_run RENAME TO idx_run_events_legacy_run", false},
		{"ALTER TABLE run_events_legacy RENAME CONSTRAINT run_events_pkey TO run_events_legacy_pkey", false},
		{"ALTER TABLE run_events_p20261202 ADD CONSTRAINT run_events_p20261202_day CHECK (created_at IS NOT NULL AND created_at >= '2026-12-02')", false},
		{"DROP TABLE legacy", true},
		{"drop table if exists legacy", true},
		{"ALTER TABLE tools DROP COLUMN descriptor", true},
		{"ALTER TABLE tools DROP descriptor", true},
		{"ALTER TABLE tools DROP IF EXISTS created_at", true},
		{"ALTER TABLE `tools` RENAME COLUMN `purpose` TO `summary`", true},
		{"ALTER TABLE run_events RENAME TO run_events_old", true},
		{"ALTER TABLE tools RENAME purpose TO summary", true},
		{"ALTER TABLE tools ALTER COLUMN version TYPE bigint", true},
		{"ALTER TABLE tools ALTER COLUMN version SET DATA TYPE bigint", true},
		{"ALTER TABLE tools ALTER COLUMN purpose SET NOT NULL", true},
		{"ALTER TABLE tools ALTER COLUMN purpose DROP DEFAULT", true},
		{"ALTER TABLE tools ADD COLUMN owner TEXT NOT NULL", true},
		{"ALTER TABLE `tools` ADD `owner` text NOT NULL", true},
		{"TRUNCATE run_events", true},
	} {
		t.Run(c.sql, func(t *testing.T) {
			if got := destructive(c.sql) != ""; got != c.want {
				t.Errorf("destructive(%q) = %v, want %v", c.sql, got, c.want)
			}
		})
	}
}

// statementLog is a GORM logger that keeps every statement run.
type statementLog struct {
	logger.Interface
	mu   sync.Mutex
	sqls []string
}

func (l *statementLog) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	sql, _ := fc()
	l.mu.Lock()
	l.sqls = append(l.sqls, sql)
	l.mu.Unlock()
}

func (l *statementLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.sqls
	l.sqls = nil
	return s
}

// TestMigrationsSincePreviousReleaseAreAdditive: a database at the
// previous release's schema is migrated migration by migration to this
// code's, on SQLite and on Postgres, and no statement of a migration the
// previous release did not have drops, renames or narrows anything — an
// older replica still serving on the database would fail — unless the
// migration is listed in DestructiveMigrations with its reason.
func TestMigrationsSincePreviousReleaseAreAdditive(t *testing.T) {
	released := map[int]bool{}
	for _, v := range PreviousRelease.Migrations {
		released[v] = true
	}
	var old, added []Migration
	for _, m := range migrations {
		if released[m.Version] {
			old = append(old, m)
			delete(released, m.Version)
		} else {
			added = append(added, m)
		}
	}
	for v := range released {
		t.Errorf("migration %d of the previous release is gone: a migration is never removed", v)
	}
	for v := range DestructiveMigrations {
		if !slices.ContainsFunc(added, func(m Migration) bool { return m.Version == v }) {
			t.Errorf("DestructiveMigrations lists %d, which is not a migration since the previous release", v)
		}
	}
	for _, dialect := range []string{DialectSQLite, DialectPostgres} {
		t.Run(dialect, func(t *testing.T) {
			s := freshStore(t, dialect)
			ctx := context.Background()
			if _, err := s.migrate(ctx, versionIn(old)); err != nil {
				t.Fatalf("the previous release's migrations: %v", err)
			}
			log := &statementLog{Interface: logger.Discard}
			traced := *s
			traced.db = s.db.Session(&gorm.Session{Logger: log})
			for _, m := range added {
				if _, err := traced.migrate(ctx, versionIn([]Migration{m})); err != nil {
					t.Fatalf("migration %d: %v", m.Version, err)
				}
				for _, sql := range log.take() {
					why := destructive(sql)
					if why == "" {
						continue
					}
					if _, ok := DestructiveMigrations[m.Version]; ok {
						t.Logf("migration %d %s (listed as destructive): %s", m.Version, why, sql)
						continue
					}
					t.Errorf("migration %d (%s) %s, which a replica of the previous release may still use: %s\n"+
						"make it additive (docs/upgrades.md), or, one release after the previous one stopped using it, list it in DestructiveMigrations",
						m.Version, m.Name, why, sql)
				}
			}
		})
	}
}

// versionIn selects the migrations of list.
func versionIn(list []Migration) func(int) bool {
	return func(v int) bool {
		return slices.ContainsFunc(list, func(m Migration) bool { return m.Version == v })
	}
}

// freshStore opens an empty, unmigrated store: a SQLite file, or a
// Postgres schema of its own (skipped outside CI without Postgres).
func freshStore(t *testing.T, dialect string) *Store {
	t.Helper()
	ctx := context.Background()
	dsn := filepath.Join(t.TempDir(), "release.db")
	if dialect == DialectPostgres {
		pg := os.Getenv("CONSOLE_TEST_DATABASE_URL")
		if pg == "" {
			if os.Getenv("CI") == "true" {
				t.Fatal("CONSOLE_TEST_DATABASE_URL is not set: in CI the Postgres tests must run")
			}
			t.Skip("CONSOLE_TEST_DATABASE_URL not set")
		}
		admin, err := Open(ctx, pg)
		if err != nil {
			t.Fatal(err)
		}
		schema := "release_" + strings.ToLower(strings.NewReplacer("-", "_").Replace(RandomToken(6)))
		if err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			admin.Close()
		})
		sep := "?"
		if strings.Contains(pg, "?") {
			sep = "&"
		}
		dsn = fmt.Sprintf("%s%ssearch_path=%s", pg, sep, schema)
	}
	s, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
