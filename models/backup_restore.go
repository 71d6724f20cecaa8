package models

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/agentforge/console/instruction/plural"
)

// ErrNotEmpty refuses a restore into a database that holds data.
var ErrNotEmpty = errors.New("restore: the database is not empty (it has users or audit events); restore into an empty database, or pass --force to replace its data")

// Empty says whether the database holds no console data: no schema yet,
// or a schema without users and audit events (just migrated).
func (s *Store) Empty(ctx context.Context) (bool, error) {
	if !s.with(ctx).Migrator().HasTable("schema_migrations") {
		return true, nil
	}
	for _, t := range []string{"users", "audit_events"} {
		if !s.with(ctx).Migrator().HasTable(t) {
			continue
		}
		var n int64
		if err := s.with(ctx).Raw("SELECT COUNT(*) FROM (SELECT 1 FROM " + t + " LIMIT 1) x").Scan(&n).Error; err != nil {
			return false, err
		}
		if n > 0 {
			return false, nil
		}
	}
	return true, nil
}

// RestorePostgres restores a Postgres backup into this database: it
// refuses a database with data unless force (which drops the console's
// tables and functions first), migrates the schema, which must have
// exactly the backup's migrations (restore with the console version that
// made the backup, then upgrade), makes the day partitions of the
// backup's run events, then in one transaction empties what migrating
// filled in, copies every table back, moves each id sequence past its
// table's largest id and verifies the audit chain, which must hold unless
// o.AcceptBrokenAudit. All or nothing. The backup is authenticated first
// (CheckBackup), then read through and its audit chain verified
// (precheckChain), before anything is migrated or dropped.
func (s *Store) RestorePostgres(ctx context.Context, path string, o RestoreOptions) (BackupResult, error) {
	var res BackupResult
	if s.dialect != DialectPostgres {
		return res, errors.New("restore: this backup is of a Postgres database; DATABASE_URL names a SQLite file")
	}
	auth, err := CheckBackup(path, o.Keys, o.Unauthenticated)
	if err != nil {
		return res, err
	}
	f, err := os.Open(path)
	if err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	magic, _ := r.ReadString('\n')
	if strings.TrimSuffix(magic, "\n") != backupMagic {
		return res, fmt.Errorf("restore: %s is not a console backup", path)
	}
	hl, err := r.ReadBytes('\n')
	if err != nil {
		return res, fmt.Errorf("restore: %s: header: %w", path, err)
	}
	var h backupHeader
	if err := json.Unmarshal(hl, &h); err != nil {
		return res, fmt.Errorf("restore: %s: header: %w", path, err)
	}
	if !slices.Equal(h.Migrations, knownMigrations()) {
		return res, fmt.Errorf("restore: the backup's schema (%s, newest %d) is not this console's (%d, newest %d): restore with the console version that made it, then upgrade",
			plural.Count(len(h.Migrations), "migration"), slices.Max(append(h.Migrations, 0)), len(migrations), slices.Max(knownMigrations()))
	}
	empty, err := s.Empty(ctx)
	if err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	if !empty && !o.Force {
		return res, ErrNotEmpty
	}
	// the backup is read through and its chain checked before anything
	// is migrated or dropped: a refused restore leaves the database as
	// it was
	chain, err := s.precheckChain(ctx, path, h.Tables)
	if err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	if chain.Broken() && !o.AcceptBrokenAudit {
		return res, fmt.Errorf("restore: %w", &BrokenAuditError{Result: chain})
	}
	var withdrawn withdrawals
	if !empty {
		if res.MigratedTarget, err = s.readyToReplace(ctx); err != nil {
			return res, fmt.Errorf("restore: %w", err)
		}
		if withdrawn, err = s.readWithdrawals(ctx); err != nil {
			return res, fmt.Errorf("restore: what the database withdrew: %w", err)
		}
		if err := s.dropConsoleSchema(ctx); err != nil {
			return res, err
		}
	}
	if _, err := s.Migrate(ctx); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	if !h.RunEventsFrom.IsZero() {
		if err := s.EnsureRunPartitions(ctx, h.RunEventsFrom, h.RunEventsTo); err != nil {
			return res, fmt.Errorf("restore: %w", err)
		}
	}
	err = s.pgConn(ctx, func(c *pgx.Conn) error {
		tx, err := c.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(context.Background()) //nolint:errcheck // after a commit: nothing
		cols, _, err := pgTables(ctx, tx)
		if err != nil {
			return err
		}
		for {
			name, colList, end, err := nextTable(r, path)
			if err != nil {
				return err
			}
			if end {
				break
			}
			if _, ok := cols[name]; !ok || !slices.Contains(h.Tables, name) {
				return fmt.Errorf("%s: table %q is not one of this console's", path, name)
			}
			// what migrating filled in (the catalog state, migrations)
			// gives way to the backup's rows
			if _, err := tx.Exec(ctx, "DELETE FROM "+pgx.Identifier{name}.Sanitize()); err != nil {
				return fmt.Errorf("table %s: %w", name, err)
			}
			tag, err := tx.Conn().PgConn().CopyFrom(ctx, &copySection{r: r}, "COPY "+pgx.Identifier{name}.Sanitize()+" ("+quoteIdents(strings.Split(colList, ","))+") FROM STDIN")
			if err != nil {
				return fmt.Errorf("table %s: %w", name, err)
			}
			res.Tables++
			res.Rows += tag.RowsAffected()
		}
		// every id sequence past its table's largest id
		seqs, err := tx.Query(ctx, `SELECT c.relname, a.attname, pg_get_serial_sequence(quote_ident(c.relname), a.attname) FROM pg_class c
	JOIN pg_attribute a ON a.attrelid = c.oid
	WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped
		AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`)
		if err != nil {
			return err
		}
		type seq struct{ table, col, seq string }
		var all []seq
		for seqs.Next() {
			var q seq
			if err := seqs.Scan(&q.table, &q.col, &q.seq); err != nil {
				return err
			}
			all = append(all, q)
		}
		if err := seqs.Err(); err != nil {
			return err
		}
		for _, q := range all {
			if _, err := tx.Exec(ctx, fmt.Sprintf("SELECT setval(%s, COALESCE((SELECT MAX(%s) FROM %s), 0) + 1, false)",
				quoteLiteral(q.seq), pgx.Identifier{q.col}.Sanitize(), pgx.Identifier{q.table}.Sanitize())); err != nil {
				return fmt.Errorf("sequence %s: %w", q.seq, err)
			}
		}
		if res.RestoredAccess, err = keepWithdrawals(ctx, &pgRestoreTx{s: s, tx: tx}, withdrawn); err != nil {
			return err
		}
		// the records of calls it kept came with their ids
		if _, err := tx.Exec(ctx, "SELECT setval(pg_get_serial_sequence('idempotent_calls', 'id'), COALESCE((SELECT MAX(id) FROM idempotent_calls), 0) + 1, false)"); err != nil {
			return err
		}
		if res.Audit, err = s.verifyRestoredChain(ctx, tx); err != nil {
			return err
		}
		if res.Audit.Broken() && !o.AcceptBrokenAudit {
			return &BrokenAuditError{Result: res.Audit}
		}
		return tx.Commit(ctx)
	})
	if err != nil {
		return BackupResult{}, fmt.Errorf("restore: %w", err)
	}
	res.Auth, res.ReplacedData = auth.Source, !empty
	s.secrets = &secretCache{} // the backup's secrets, not those migrating made
	return res, nil
}

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// copySection reads one table's rows of a backup, up to its "\." line.
type copySection struct {
	r    *bufio.Reader
	line []byte
	done bool
}

func (c *copySection) Read(p []byte) (int, error) {
	for len(c.line) == 0 {
		if c.done {
			return 0, io.EOF
		}
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			return 0, fmt.Errorf("a table's rows end early: %w", err)
		}
		if string(line) == "\\.\n" {
			c.done = true
			return 0, io.EOF
		}
		c.line = line
	}
	n := copy(p, c.line)
	c.line = c.line[n:]
	return n, nil
}

// dropConsoleSchema drops the console's tables and functions in the
// current schema (restore --force). The audit table belongs to its own
// role where the README's setup was followed: then this fails, naming it.
func (s *Store) dropConsoleSchema(ctx context.Context) error {
	var names []string
	if err := s.with(ctx).Raw(`SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition ORDER BY relname`).Scan(&names).Error; err != nil {
		return fmt.Errorf("restore --force: %w", err)
	}
	stmts := []string{}
	for _, n := range names {
		stmts = append(stmts, "DROP TABLE "+pgx.Identifier{n}.Sanitize()+" CASCADE")
	}
	stmts = append(stmts, "DROP FUNCTION IF EXISTS audit_events_append_only() CASCADE", "DROP FUNCTION IF EXISTS run_totals_add() CASCADE")
	return s.Tx(ctx, func(tx *Store) error {
		for _, q := range stmts {
			if err := tx.with(ctx).Exec(q).Error; err != nil {
				return fmt.Errorf("restore --force: %s: %w", q, err)
			}
		}
		return nil
	})
}

// nextTable reads a Postgres backup's next section head: a "TABLE name
// columns" line (name and columns), or the END line that closes the
// tables (end).
func nextTable(r *bufio.Reader, path string) (name, colList string, end bool, err error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return "", "", false, fmt.Errorf("%s ends early (no END line): %w", path, err)
	}
	line = strings.TrimSuffix(line, "\n")
	if line == "END" {
		return "", "", true, nil
	}
	rest, ok := strings.CutPrefix(line, "TABLE ")
	name, colList, ok2 := strings.Cut(rest, " ")
	if !ok || !ok2 {
		return "", "", false, fmt.Errorf("%s: expected a TABLE line, got %.80q", path, line)
	}
	return name, colList, false, nil
}
