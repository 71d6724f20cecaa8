package models

// A Postgres backup: every table of the console's schema copied in one
// read-only snapshot over a pgx connection of the pool.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

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
