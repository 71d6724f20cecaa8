package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// runBackup runs `console backup FILE`: a consistent copy of the
// database's console data into a new file (README, "Backups").
func runBackup(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		return &exitError{2, fmt.Errorf("usage: console backup FILE (a new file)")}
	}
	if err := requireDatabase(); err != nil {
		return err
	}
	store, err := openDB(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	res, err := store.Backup(ctx, args[0])
	if err != nil {
		return err
	}
	if store.Dialect() == models.DialectPostgres {
		fmt.Fprintf(stdout, "backed up %s, %s (postgres) to %s\n", plural.Count(res.Tables, "table"), plural.Count(int(res.Rows), "row"), args[0])
	} else {
		fmt.Fprintf(stdout, "backed up %s (sqlite) to %s\n", plural.Count(res.Tables, "table"), args[0])
	}
	if sealed, err := store.SealedConnections(ctx); err == nil && len(sealed) > 0 {
		where := "CONSOLE_SECRETS_KEY"
		if f := sealKeyFile(); f != "" && os.Getenv("CONSOLE_SECRETS_KEY") == "" {
			where = "the key file " + f
		}
		fmt.Fprintf(stdout, "the secrets of connection %s are sealed with the secrets key, which is not in the backup: keep %s with it (safely, apart), or the restored connections' secrets do not open\n", strings.Join(sealed, ", "), where)
	}
	return nil
}

// runRestore runs `console restore [--force] FILE` into the database
// DATABASE_URL names, which must be empty unless --force.
func runRestore(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	force := fs.Bool("force", false, "replace the data of a database that has some")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, err}
	}
	if fs.NArg() != 1 {
		return &exitError{2, fmt.Errorf("usage: console restore [--force] FILE")}
	}
	file := fs.Arg(0)
	dialect, err := models.BackupDialect(file)
	if err != nil {
		return &exitError{2, err}
	}
	target, err := models.ParseDatabaseURL(os.Getenv("DATABASE_URL"))
	if err != nil {
		return &exitError{2, fmt.Errorf("restore: DATABASE_URL: %w", err)}
	}
	if dialect != target.Dialect {
		return &exitError{2, fmt.Errorf("restore: %s is a %s backup and DATABASE_URL names a %s database: restore into the kind of database it was made from", file, dialect, target.Dialect)}
	}
	var res models.BackupResult
	if dialect == models.DialectSQLite {
		res, err = models.RestoreSQLite(ctx, file, target.Path, *force)
	} else {
		store, oerr := openDB(ctx)
		if oerr != nil {
			return oerr
		}
		defer store.Close()
		res, err = store.RestorePostgres(ctx, file, *force)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored %s from %s; run console audit verify to check the audit chain\n", plural.Count(res.Tables, "table"), file)
	return nil
}
