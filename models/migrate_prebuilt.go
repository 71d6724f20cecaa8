package models

import (
	_ "embed"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// prebuiltSQLite is the schema and the rows every migration leaves in an
// empty SQLite database, as one script (schema_migrations itself excepted):
// a first start applies it in one exec instead of running each migration's
// model reflection, existence checks and statements (about 60 ms of a cold
// start's CPU). Its first line lists the migrations it holds, in order.
// TestPrebuiltSQLiteSchemaMatchesMigrations proves it equals the migrated
// schema and rows; regenerate it with
// go test ./models -run TestPrebuiltSQLiteSchemaMatchesMigrations -update
//
//go:embed schema_sqlite.sql
var prebuiltSQLite string

// prebuiltHeader starts the script's first line.
const prebuiltHeader = "-- migrations:"

// prebuiltCurrent reports whether the script holds exactly the migrations
// this code applies, in the same order (a migration appended since the
// script was generated makes it stale: the migrations then run one by one).
func prebuiltCurrent(script string) bool {
	line, _, _ := strings.Cut(script, "\n")
	rest, ok := strings.CutPrefix(line, prebuiltHeader)
	if !ok {
		return false
	}
	fields := strings.Fields(rest)
	if len(fields) != len(migrations) {
		return false
	}
	for i, f := range fields {
		if f != strconv.Itoa(migrations[i].Version) {
			return false
		}
	}
	return true
}

// applyPrebuilt runs the prebuilt script inside tx and records every
// migration in schema_migrations, as migrateFresh would have.
func applyPrebuilt(tx *gorm.DB) ([]int, error) {
	if err := tx.Exec(prebuiltSQLite).Error; err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	rows := make([]schemaMigration, len(migrations))
	applied := make([]int, len(migrations))
	for i, m := range migrations {
		rows[i] = schemaMigration{Version: m.Version, Name: m.Name, AppliedAt: now}
		applied[i] = m.Version
	}
	if err := tx.CreateInBatches(rows, 100).Error; err != nil {
		return nil, err
	}
	return applied, nil
}
