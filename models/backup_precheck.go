package models

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"
)

// precheckChain verifies the audit chain of the Postgres backup at path
// before restore --force drops anything: the backup's audit events and
// server secrets are copied into temporary tables of the same shape,
// which shadow the console's for the length of one transaction, the
// chain is verified there as the restore verifies it (verifyRestoredChain),
// and the transaction is rolled back. A chain that does not verify is
// then refused while the database still holds its data.
func (s *Store) precheckChain(ctx context.Context, path string) (VerifyResult, error) {
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
	var res VerifyResult
	err = s.pgConn(ctx, func(c *pgx.Conn) error {
		tx, err := c.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(context.Background()) //nolint:errcheck // nothing of it is kept
		var schema string
		if err := tx.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
			return err
		}
		for _, t := range []string{"audit_events", "server_secrets"} {
			if _, err := tx.Exec(ctx, "CREATE TEMP TABLE "+pgx.Identifier{t}.Sanitize()+" (LIKE "+pgx.Identifier{schema, t}.Sanitize()+")"); err != nil {
				return fmt.Errorf("check the backup's audit chain: %w", err)
			}
		}
		for {
			name, colList, end, err := nextTable(r, path)
			if err != nil {
				return err
			}
			if end {
				break
			}
			section := &copySection{r: r}
			if name != "audit_events" && name != "server_secrets" {
				if _, err := io.Copy(io.Discard, section); err != nil {
					return fmt.Errorf("table %s: %w", name, err)
				}
				continue
			}
			if _, err := tx.Conn().PgConn().CopyFrom(ctx, section, "COPY pg_temp."+pgx.Identifier{name}.Sanitize()+" ("+quoteIdents(strings.Split(colList, ","))+") FROM STDIN"); err != nil {
				return fmt.Errorf("table %s: %w", name, err)
			}
		}
		res, err = s.verifyRestoredChain(ctx, tx)
		return err
	})
	return res, err
}
