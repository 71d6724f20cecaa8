package models

import "context"

// ScrubReceipts is migration 151's data step, for its test.
var ScrubReceipts = scrubReceipts

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
