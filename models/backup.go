package models

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/agentforge/console/instruction/plural"
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

// pgConn runs fn on one pgx connection of the pool.
func (s *Store) pgConn(ctx context.Context, fn func(c *pgx.Conn) error) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return withPgx(ctx, sqlDB, fn)
}

// withPgx runs fn on one pgx connection of db's pool (a Postgres pool).
func withPgx(ctx context.Context, db *sql.DB, fn func(c *pgx.Conn) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("the Postgres driver's connection is a %T", dc)
		}
		return fn(c.Conn())
	})
}

// pgTables lists the console's tables in the current schema (partitions
// are copied through their table), with their columns in order.
func pgTables(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}) (map[string][]string, []string, error) {
	rows, err := q.Query(ctx, `SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
	WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
		AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum`)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	cols := map[string][]string{}
	var names []string
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			return nil, nil, err
		}
		if _, ok := cols[t]; !ok {
			names = append(names, t)
		}
		cols[t] = append(cols[t], c)
	}
	return cols, names, rows.Err()
}

func (s *Store) backupPostgres(ctx context.Context, w io.Writer) (BackupResult, error) {
	var res BackupResult
	err := s.pgConn(ctx, func(c *pgx.Conn) error {
		tx, err := c.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
		if err != nil {
			return err
		}
		defer tx.Rollback(context.Background()) //nolint:errcheck // read only
		cols, names, err := pgTables(ctx, tx)
		if err != nil {
			return err
		}
		if _, ok := cols["schema_migrations"]; !ok {
			return errors.New("the database has no console schema (run console migrate first)")
		}
		h := backupHeader{Dialect: DialectPostgres, CreatedAt: time.Now().UTC()}
		rows, err := tx.Query(ctx, "SELECT version FROM schema_migrations ORDER BY version")
		if err != nil {
			return err
		}
		h.Migrations, err = pgx.CollectRows(rows, pgx.RowTo[int])
		if err != nil {
			return err
		}
		if _, ok := cols["run_events"]; ok {
			var from, to *time.Time
			if err := tx.QueryRow(ctx, "SELECT MIN(created_at), MAX(created_at) FROM run_events").Scan(&from, &to); err != nil {
				return err
			}
			if from != nil {
				h.RunEventsFrom, h.RunEventsTo = from.UTC(), to.UTC()
			}
		}
		for _, t := range names {
			if !slices.Contains(derivedTables, t) {
				h.Tables = append(h.Tables, t)
			}
		}
		hb, err := json.Marshal(h)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s\n%s\n", backupMagic, hb); err != nil {
			return err
		}
		for _, t := range h.Tables {
			if _, err := fmt.Fprintf(w, "TABLE %s %s\n", t, strings.Join(cols[t], ",")); err != nil {
				return err
			}
			tag, err := tx.Conn().PgConn().CopyTo(ctx, w, "COPY (SELECT "+quoteIdents(cols[t])+" FROM "+pgx.Identifier{t}.Sanitize()+") TO STDOUT")
			if err != nil {
				return fmt.Errorf("table %s: %w", t, err)
			}
			res.Tables++
			res.Rows += tag.RowsAffected()
			if _, err := io.WriteString(w, "\\.\n"); err != nil {
				return err
			}
		}
		_, err = io.WriteString(w, "END\n")
		return err
	})
	return res, err
}

func quoteIdents(cols []string) string {
	q := make([]string, len(cols))
	for i, c := range cols {
		q[i] = pgx.Identifier{c}.Sanitize()
	}
	return strings.Join(q, ", ")
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

// sqliteTables lists a SQLite database's tables.
func sqliteTables(ctx context.Context, s *Store) ([]string, error) {
	var names []string
	err := s.with(ctx).Raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").Scan(&names).Error
	return names, err
}

// RestoreSQLite restores a SQLite backup file to the SQLite database file
// target: it authenticates the backup (CheckBackup), refuses a target with
// data unless o.Force, copies the backup's content beside the target,
// checks the copy (SQLite's integrity check, exactly this console's
// migrations, and its audit chain, which must verify unless
// o.AcceptBrokenAudit) and then moves it over the target (whose -wal and
// -shm files go). The backup file itself is only read. It refuses (a
// *ServedError) while a console serves target (LockServing).
func RestoreSQLite(ctx context.Context, backup, target string, o RestoreOptions) (BackupResult, error) {
	var res BackupResult
	auth, err := CheckBackup(backup, o.Keys, o.Unauthenticated)
	if err != nil {
		return res, err
	}
	res.Auth = auth.Source
	release, err := lockRestoring(target)
	if err != nil {
		return res, err
	}
	defer release()
	if fi, err := os.Stat(target); err == nil && fi.Size() > 0 {
		dst, err := Open(ctx, target)
		if err != nil {
			return res, fmt.Errorf("restore: %w", err)
		}
		empty, err := dst.Empty(ctx)
		dst.Close()
		if err != nil {
			return res, fmt.Errorf("restore: %w", err)
		}
		if !empty && !o.Force {
			return res, ErrNotEmpty
		}
	}
	tmp := target + ".restoring"
	if err := copyFileN(backup, tmp, auth.Size); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	check := func() error {
		src, err := Open(ctx, tmp)
		if err != nil {
			return err
		}
		defer src.Close()
		var ok string
		if err := src.with(ctx).Raw("PRAGMA integrity_check").Scan(&ok).Error; err != nil || ok != "ok" {
			return fmt.Errorf("%s fails SQLite's integrity check: %v %s", backup, err, ok)
		}
		var have []int
		if err := src.with(ctx).Raw("SELECT version FROM schema_migrations ORDER BY version").Scan(&have).Error; err != nil {
			return fmt.Errorf("%s has no console schema: %w", backup, err)
		}
		if !slices.Equal(have, knownMigrations()) {
			return fmt.Errorf("the backup's schema (%s, newest %d) is not this console's (%d, newest %d): restore with the console version that made it, then upgrade",
				plural.Count(len(have), "migration"), slices.Max(append(have, 0)), len(migrations), slices.Max(knownMigrations()))
		}
		if len(o.AuditKey) > 0 {
			src.SetAuditKey(o.AuditKey)
		}
		if err := src.CheckAuditKey(ctx); err != nil {
			return fmt.Errorf("the backup's audit chain: %w", err)
		}
		if res.Audit, err = src.VerifyAudit(ctx); err != nil {
			return err
		}
		if res.Audit.Broken() && !o.AcceptBrokenAudit {
			return &BrokenAuditError{Result: res.Audit}
		}
		names, err := sqliteTables(ctx, src)
		res.Tables = len(names)
		return err
	}
	if err := check(); err != nil {
		for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
			_ = os.Remove(f)
		}
		return BackupResult{}, fmt.Errorf("restore: %w", err)
	}
	for _, f := range []string{target + "-wal", target + "-shm", tmp + "-wal", tmp + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return res, fmt.Errorf("restore: %w", err)
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	return res, nil
}

// copyFileN copies the first n bytes of src to a new file dst (mode
// 0600), synced.
func copyFileN(src, dst string, n int64) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.CopyN(out, in, n); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
