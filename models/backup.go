package models

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"time"
)

// A Postgres backup is one text file (docs: README, "Backups"):
//
//	AGENT-FORGE-CONSOLE-BACKUP 1
//	{"dialect":"postgres","migrations":[1,2,…],"created_at":"…","tables":[…],"run_events_from":"…","run_events_to":"…"}
//	TABLE <name> <column>,<column>,…
//	<the table's rows in COPY's text format, one per line>
//	\.
//	TABLE …
//	END
//
// Every table of the console's schema is copied in one REPEATABLE READ,
// READ ONLY transaction (one snapshot: the copy is consistent while the
// console keeps serving), except run_totals, which the run_events trigger
// rebuilds as the events are restored. A SQLite backup is a SQLite
// database file made by VACUUM INTO (an online, consistent copy).

const backupMagic = "AGENT-FORGE-CONSOLE-BACKUP 1"

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// backupHeader is the second line of a Postgres backup.
type backupHeader struct {
	Dialect    string    `json:"dialect"`
	Migrations []int     `json:"migrations"`
	CreatedAt  time.Time `json:"created_at"`
	Tables     []string  `json:"tables"`
	// the oldest and newest run event (their day partitions are made
	// before the events are restored); zero without events
	RunEventsFrom time.Time `json:"run_events_from"`
	RunEventsTo   time.Time `json:"run_events_to"`
}

// BackupResult says what a backup or restore copied.
type BackupResult struct {
	Tables int
	Rows   int64
	// Auth is the source of the key whose MAC the backup carries
	// (BackupKeyAudit, BackupKeySecrets; "" for none).
	Auth string
	// Audit is the restored audit chain's verification (restore only).
	Audit VerifyResult
	// ReplacedData: the restore replaced a database that held data, and
	// kept what it had withdrawn (RestoredAccess.Kept).
	ReplacedData bool
	// MigratedTarget counts the migrations a forced restore applied to
	// the database it replaced, an earlier console's, before it read
	// what that database withdrew (0: it had this console's schema).
	MigratedTarget int
	// RestoredAccess is what the restore kept withdrawn and what the
	// restored data grants (restore only).
	RestoredAccess
}

// derivedTables are kept by the database from other tables and not
// copied.
var derivedTables = []string{"run_totals"}

// Backup writes a consistent copy of the console's data to path, which
// must not exist yet (created with mode 0600: it holds the server
// secrets and every password hash), and with a key appends its MAC line
// (backup_mac.go). A failed backup leaves no file.
func (s *Store) Backup(ctx context.Context, path string, key *BackupKey) (BackupResult, error) {
	res, err := s.backup(ctx, path, key)
	if err == nil && key != nil {
		res.Auth = key.Source
	}
	return res, err
}

func (s *Store) backup(ctx context.Context, path string, key *BackupKey) (BackupResult, error) {
	if _, err := os.Stat(path); err == nil {
		return BackupResult{}, fmt.Errorf("backup: %s exists; choose a new file (e.g. one with the date in its name)", path)
	}
	if s.dialect != DialectPostgres {
		// made empty and private first: VACUUM INTO keeps an empty file's mode
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return BackupResult{}, fmt.Errorf("backup: %w", err)
		}
		f.Close()
		if err := s.with(ctx).Exec("VACUUM INTO ?", path).Error; err != nil {
			_ = os.Remove(path)
			return BackupResult{}, fmt.Errorf("backup: %w", err)
		}
		if err := os.Chmod(path, 0o600); err != nil {
			return BackupResult{}, fmt.Errorf("backup: %w", err)
		}
		if key != nil {
			if err := signBackup(path, *key); err != nil {
				_ = os.Remove(path)
				return BackupResult{}, fmt.Errorf("backup: %w", err)
			}
		}
		n, err := sqliteTables(ctx, s)
		return BackupResult{Tables: len(n)}, err
	}
	tmp := path + ".partial"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return BackupResult{}, fmt.Errorf("backup: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	res, err := s.backupPostgres(ctx, w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && key != nil {
		err = signBackup(tmp, *key)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return BackupResult{}, fmt.Errorf("backup: %w", err)
	}
	return res, nil
}

// knownMigrations lists the versions this console's migrations have.
func knownMigrations() []int {
	v := make([]int, len(migrations))
	for i, m := range migrations {
		v[i] = m.Version
	}
	slices.Sort(v)
	return v
}

// BackupDialect says which database a backup file is of (sqlite or
// postgres), or fails for a file that is neither.
func BackupDialect(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	defer f.Close()
	head := make([]byte, len(backupMagic))
	n, _ := io.ReadFull(f, head)
	switch {
	case bytes.HasPrefix(head[:n], []byte(sqliteMagic)):
		return DialectSQLite, nil
	case string(head[:n]) == backupMagic:
		return DialectPostgres, nil
	}
	return "", fmt.Errorf("restore: %s is not a console backup (neither a SQLite database nor a %q file)", path, backupMagic)
}
