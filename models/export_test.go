package models

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// ScrubReceipts is migration 151's data step, for its test.
var ScrubReceipts = scrubReceipts

// PinLiveApprovals is migration 252's data step, for its test.
var PinLiveApprovals = pinLiveApprovals

// MigrateBefore applies the migrations older than version, as a database
// an earlier release left.
func (s *Store) MigrateBefore(ctx context.Context, version int) ([]int, error) {
	return s.migrate(ctx, func(v int) bool { return v < version })
}

// WithMigration appends m to the schema's history until the returned
// function runs. For tests of how a failing migration is rolled back.
func WithMigration(m Migration) (restore func()) {
	old := migrations
	migrations = append(migrations[:len(migrations):len(migrations)], m)
	return func() { migrations = old }
}

// SQLiteSchema is every table, index and trigger of a SQLite database:
// type, name and its CREATE statement, sorted.
func (s *Store) SQLiteSchema(ctx context.Context) ([]string, error) {
	var rows []string
	err := s.with(ctx).Raw("SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_master ORDER BY type, name").Scan(&rows).Error
	return rows, err
}

// RecordedMigrations is schema_migrations as "version name", by version.
func (s *Store) RecordedMigrations(ctx context.Context) ([]string, error) {
	var rows []string
	err := s.with(ctx).Raw("SELECT CAST(version AS TEXT) || ' ' || name FROM schema_migrations ORDER BY version").Scan(&rows).Error
	return rows, err
}

// SQLiteScript is the prebuilt-schema script of this SQLite database:
// the header listing the migrations, then every table, index and trigger
// in creation order and every table's rows as INSERT statements
// (schema_migrations and SQLite's internal tables excepted), each stored
// timestamp written as the time the script runs.
func (s *Store) SQLiteScript(ctx context.Context) (string, error) {
	db := s.with(ctx)
	var b strings.Builder
	b.WriteString(prebuiltHeader)
	for _, m := range migrations {
		fmt.Fprintf(&b, " %d", m.Version)
	}
	b.WriteString("\n")
	type entry struct{ Type, Name, SQL string }
	var entries []entry
	if err := db.Raw("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND tbl_name <> 'schema_migrations' ORDER BY rowid").Scan(&entries).Error; err != nil {
		return "", err
	}
	for _, e := range entries {
		b.WriteString(e.SQL + ";\n")
	}
	for _, e := range entries {
		if e.Type != "table" {
			continue
		}
		var cols []string
		if err := db.Raw("SELECT name FROM pragma_table_info(?) ORDER BY cid", e.Name).Scan(&cols).Error; err != nil {
			return "", err
		}
		quoted := make([]string, len(cols))
		for i, c := range cols {
			quoted[i] = `quote("` + c + `")`
		}
		var rows []string
		q := `SELECT 'INSERT INTO "` + e.Name + `" VALUES(' || ` + strings.Join(quoted, ` || ',' || `) + ` || ');' FROM "` + e.Name + `" ORDER BY rowid`
		if err := db.Raw(q).Scan(&rows).Error; err != nil {
			return "", err
		}
		for _, r := range rows {
			b.WriteString(storedTime.ReplaceAllString(r, nowSQL) + "\n")
		}
	}
	return b.String(), nil
}

// storedTime is a timestamp as the SQLite driver stores it; the script
// writes the time of the first start instead (nowSQL).
var storedTime = regexp.MustCompile(`'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00:00'`)

const nowSQL = `(strftime('%Y-%m-%d %H:%M:%f','now')||'+00:00')`

// PrebuiltSQLite is the embedded prebuilt-schema script.
func PrebuiltSQLite() string { return prebuiltSQLite }

// SetStartLockWait bounds a start's wait for another start's lock until
// the returned function runs.
func SetStartLockWait(d time.Duration) (restore func()) {
	old := startLockWait
	startLockWait = d
	return func() { startLockWait = old }
}

// OnApprovalDecideRead runs f in DecideApproval right after it read the
// request, until the returned function runs: a test drives a decision's
// race with the expiry sweep through it.
func OnApprovalDecideRead(f func()) (restore func()) {
	old := approvalDecideRead
	approvalDecideRead = f
	return func() { approvalDecideRead = old }
}

// OnApprovalLookup runs f in RequestApproval right after it looked for a
// pending request to reuse, until the returned function runs: a test
// drives two writers' race through it.
func OnApprovalLookup(f func()) (restore func()) {
	old := approvalLookedUp
	approvalLookedUp = f
	return func() { approvalLookedUp = old }
}

// MigrateOnly applies exactly the migrations of versions not yet
// applied, as the release that had them left a database.
func (s *Store) MigrateOnly(ctx context.Context, versions []int) ([]int, error) {
	return s.migrate(ctx, func(v int) bool { return slices.Contains(versions, v) })
}

// CopyRowsInto copies the rows of table that where selects from s into
// dst, each with the columns dst's table has (dst may have an earlier
// release's schema).
func (s *Store) CopyRowsInto(ctx context.Context, dst *Store, table, where string, args ...any) error {
	types, err := dst.with(ctx).Migrator().ColumnTypes(table)
	if err != nil {
		return err
	}
	cols := make([]string, len(types))
	for i, c := range types {
		cols[i] = c.Name()
	}
	var rows []map[string]any
	if err := s.with(ctx).Table(table).Select(cols).Where(where, args...).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		if err := dst.with(ctx).Table(table).Create(r).Error; err != nil {
			return err
		}
	}
	return nil
}

// VoidUnpresentableRequests is migration 261's data step, for its test.
var VoidUnpresentableRequests = voidUnpresentableRequests
