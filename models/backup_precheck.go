package models

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
)

// precheckChain reads the Postgres backup at path through and verifies
// its audit chain before the restore migrates or drops anything: every
// section must be whole and name a table of the backup's header
// (tables), each table of which has exactly one section; the backup's audit events and server secrets are copied into
// temporary tables of this console's shape (the backup's schema is
// exactly this console's; the database restored into may be empty or an
// earlier console's), which shadow the console's for the length of one
// transaction, the chain is verified there as the restore verifies it
// (verifyRestoredChain), and the transaction is rolled back. A bad backup
// is then refused while the database is as it was.
func (s *Store) precheckChain(ctx context.Context, path string, tables []string) (VerifyResult, error) {
	f, err := os.Open(path)
	if err != nil {
		return VerifyResult{}, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	for range 2 { // the magic and header lines, checked by the caller
		if _, err := r.ReadBytes('\n'); err != nil {
			return VerifyResult{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	shadows := map[string]string{}
	for name, model := range map[string]any{"audit_events": &AuditEvent{}, "server_secrets": &ServerSecret{}} {
		ddl, err := s.tempTableOf(name, model)
		if err != nil {
			return VerifyResult{}, fmt.Errorf("check the backup's audit chain: %w", err)
		}
		shadows[name] = ddl
	}
	var res VerifyResult
	err = s.pgConn(ctx, func(c *pgx.Conn) error {
		tx, err := c.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(context.Background()) //nolint:errcheck // nothing of it is kept
		for _, ddl := range shadows {
			if _, err := tx.Exec(ctx, ddl); err != nil {
				return fmt.Errorf("check the backup's audit chain: %w", err)
			}
		}
		seen := map[string]bool{}
		for {
			name, colList, end, err := nextTable(r, path)
			if err != nil {
				return err
			}
			if end {
				break
			}
			if !slices.Contains(tables, name) {
				return fmt.Errorf("%s: table %q is not listed in the backup's header", path, name)
			}
			// a restore empties a table before copying its section in: a
			// second section would replace the first's rows
			if seen[name] {
				return fmt.Errorf("%s: table %q appears twice; a backup holds each table once", path, name)
			}
			seen[name] = true
			section := &copySection{r: r}
			if shadows[name] == "" {
				if _, err := io.Copy(io.Discard, section); err != nil {
					return fmt.Errorf("table %s: %w", name, err)
				}
				continue
			}
			if _, err := tx.Conn().PgConn().CopyFrom(ctx, section, "COPY pg_temp."+pgx.Identifier{name}.Sanitize()+" ("+quoteIdents(strings.Split(colList, ","))+") FROM STDIN"); err != nil {
				return fmt.Errorf("table %s: %w", name, err)
			}
		}
		for _, name := range tables {
			if !seen[name] {
				return fmt.Errorf("%s: table %q of its header has no section; a backup holds every table it lists", path, name)
			}
		}
		res, err = s.verifyRestoredChain(ctx, tx)
		return err
	})
	return res, err
}

// tempTableOf is the statement creating a temporary table name with the
// columns and types this console's model gives it (no constraints: it
// holds a backup's rows to read).
func (s *Store) tempTableOf(name string, model any) (string, error) {
	stmt := &gorm.Statement{DB: s.db}
	if err := stmt.Parse(model); err != nil {
		return "", err
	}
	var cols []string
	for _, f := range stmt.Schema.Fields {
		if f.DBName == "" {
			continue
		}
		cols = append(cols, pgx.Identifier{f.DBName}.Sanitize()+" "+s.db.Dialector.DataTypeOf(f))
	}
	return "CREATE TEMP TABLE " + pgx.Identifier{name}.Sanitize() + " (" + strings.Join(cols, ", ") + ")", nil
}
