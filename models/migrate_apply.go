package models

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Migration is one ordered, versioned schema change.
type Migration struct {
	Version int
	Name    string
	Up      func(tx *gorm.DB, dialect string) error
}

type schemaMigration struct {
	Version   int `gorm:"primaryKey;autoIncrement:false"`
	Name      string
	AppliedAt time.Time
}

// TableName names the migrations table.
func (schemaMigration) TableName() string { return "schema_migrations" }

// Migrate applies every migration not yet applied, in order, each in its
// own transaction — except on a database with no migration applied yet,
// where all of them run in one transaction (see migrateFresh). It returns
// the versions it applied.
func (s *Store) Migrate(ctx context.Context) ([]int, error) {
	return s.migrate(ctx, nil)
}

// migrate applies the migrations not yet applied that want selects (nil
// selects every one: an empty SQLite database may then take the prebuilt
// schema).
func (s *Store) migrate(ctx context.Context, want func(version int) bool) ([]int, error) {
	db := s.with(ctx)
	if err := s.createMigrationsTable(db); err != nil {
		return nil, fmt.Errorf("models: migrate: %w", err)
	}
	have, err := appliedVersions(db)
	if err != nil {
		return nil, fmt.Errorf("models: migrate: %w", err)
	}
	if len(have) == 0 {
		return s.migrateFresh(db, want)
	}
	var applied []int
	for _, m := range migrations {
		if have[m.Version] || want != nil && !want(m.Version) {
			continue
		}
		mine := true
		err := db.Transaction(func(tx *gorm.DB) error {
			if s.dialect == DialectPostgres {
				// one migrator at a time across replicas
				if err := tx.Exec("SELECT pg_advisory_xact_lock(" + migrateLock + ")").Error; err != nil {
					return err
				}
			}
			// the versions read above may be stale: another migrator (a
			// replica, another process on the SQLite file, whose
			// transactions take the write lock as they begin) may have
			// applied this one since
			var n int64
			if err := tx.Model(&schemaMigration{}).Where("version = ?", m.Version).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				mine = false
				return nil
			}
			return s.applyMigration(tx, m)
		})
		if err != nil {
			return applied, fmt.Errorf("models: migration %d (%s): %w", m.Version, m.Name, err)
		}
		if mine {
			applied = append(applied, m.Version)
		}
	}
	return applied, nil
}

// migrateLock is the advisory lock key that lets one migrator at a time
// change a Postgres database's schema.
const migrateLock = "7001"

// createMigrationsTable creates schema_migrations if it is missing, in
// a transaction that holds the migrators' lock as it looks (Postgres:
// an advisory lock; SQLite: the write lock its transactions take as they
// begin): two migrators starting together on an empty database would
// otherwise both create it, and one would fail (on Postgres on the
// catalog's unique index of type names, on SQLite as the table exists).
func (s *Store) createMigrationsTable(db *gorm.DB) error {
	if s.dialect != DialectPostgres && db.Migrator().HasTable(&schemaMigration{}) {
		// the usual start: no write transaction to wait for
		return db.Migrator().AutoMigrate(&schemaMigration{})
	}
	return db.Transaction(func(tx *gorm.DB) error {
		if s.dialect == DialectPostgres {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(" + migrateLock + ")").Error; err != nil {
				return err
			}
		}
		return tx.Migrator().AutoMigrate(&schemaMigration{})
	})
}

// migrateFresh applies the selected migrations of a database that has
// none applied yet in ONE transaction: each migration's steps and its
// schema_migrations row are exactly those of the one-transaction-per-
// migration path, but the database commits once instead of once per
// migration (on SQLite each commit rewrote sqlite_master's pages in the
// WAL; on Postgres each took the migrators' advisory lock, checked its
// version and committed: a fresh schema took 2.5 times as long), which is
// most of a cold start's migration cost. A failing migration leaves the
// database as it was: nothing is applied. Another process that migrated
// the database while this one waited for the write lock (SQLite) or the
// advisory lock (Postgres, held to the commit) is seen inside the
// transaction, and its versions are skipped. On SQLite, when all are
// selected (want is nil) and the prebuilt schema is current, that
// transaction applies the prebuilt script instead of the migrations
// (applyPrebuilt): the same schema and rows, one exec.
func (s *Store) migrateFresh(db *gorm.DB, want func(version int) bool) ([]int, error) {
	var applied []int
	err := db.Transaction(func(tx *gorm.DB) error {
		if s.dialect == DialectPostgres {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(" + migrateLock + ")").Error; err != nil {
				return err
			}
		}
		have, err := appliedVersions(tx)
		if err != nil {
			return fmt.Errorf("models: migrate: %w", err)
		}
		if s.dialect == DialectSQLite && want == nil && len(have) == 0 && prebuiltCurrent(prebuiltSQLite) {
			if applied, err = applyPrebuilt(tx); err != nil {
				return fmt.Errorf("models: migrate (prebuilt schema): %w", err)
			}
			return nil
		}
		for _, m := range migrations {
			if have[m.Version] || want != nil && !want(m.Version) {
				continue
			}
			if err := s.applyMigration(tx, m); err != nil {
				return fmt.Errorf("models: migration %d (%s): %w", m.Version, m.Name, err)
			}
			applied = append(applied, m.Version)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return applied, nil
}

// applyMigration runs m inside tx and records it in schema_migrations.
func (s *Store) applyMigration(tx *gorm.DB, m Migration) error {
	// a data migration reaches a store bound to this transaction
	tx = tx.WithContext(context.WithValue(tx.Statement.Context, migratingStore{}, &Store{db: tx, dialect: s.dialect, secrets: s.secrets, inTx: true, auditKey: s.auditKey, sealKey: s.sealKey, statements: s.statements}))
	if err := m.Up(tx, s.dialect); err != nil {
		return err
	}
	return tx.Create(&schemaMigration{Version: m.Version, Name: m.Name, AppliedAt: time.Now().UTC()}).Error
}

// appliedVersions reads the versions schema_migrations records.
func appliedVersions(db *gorm.DB) (map[int]bool, error) {
	var done []schemaMigration
	if err := db.Find(&done).Error; err != nil {
		return nil, err
	}
	have := make(map[int]bool, len(done))
	for _, d := range done {
		have[d.Version] = true
	}
	return have, nil
}

// SchemaVersion is the newest applied migration.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.with(ctx).Model(&schemaMigration{}).Select("COALESCE(MAX(version), 0)").Scan(&v).Error
	return v, err
}
