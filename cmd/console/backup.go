package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	key, err := backupKey(ctx, store)
	if err != nil {
		return err
	}
	res, err := store.Backup(ctx, args[0], key)
	if err != nil {
		return err
	}
	if store.Dialect() == models.DialectPostgres {
		fmt.Fprintf(stdout, "backed up %s, %s (postgres) to %s\n", plural.Count(res.Tables, "table"), plural.Count(int(res.Rows), "row"), args[0])
	} else {
		fmt.Fprintf(stdout, "backed up %s (sqlite) to %s\n", plural.Count(res.Tables, "table"), args[0])
	}
	if key != nil {
		fmt.Fprintf(stdout, "authenticated with %s: restore checks the file with it, so keep the key apart from the backup\n", backupKeyName(key.Source))
	} else {
		fmt.Fprintln(stdout, "not authenticated: neither CONSOLE_AUDIT_KEY nor a secrets key is set, so nothing can show later that the file is the one written; restoring it needs --unauthenticated")
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

// runRestore runs `console restore [--force] [--unauthenticated]
// [--accept-broken-audit] FILE` into the database DATABASE_URL names,
// which must be empty unless --force.
func runRestore(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	force := fs.Bool("force", false, "replace the data of a database that has some")
	unauth := fs.Bool("unauthenticated", false, "restore a backup that carries no MAC (an earlier version's, or one made with no key set)")
	broken := fs.Bool("accept-broken-audit", false, "restore a backup whose audit chain does not verify")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, err}
	}
	if fs.NArg() != 1 {
		return &exitError{2, fmt.Errorf("usage: console restore [--force] [--unauthenticated] [--accept-broken-audit] FILE")}
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
	o := models.RestoreOptions{Force: *force, Unauthenticated: *unauth, AcceptBrokenAudit: *broken}
	if o.Keys, o.AuditKey, err = restoreKeys(); err != nil {
		return err
	}
	var res models.BackupResult
	if dialect == models.DialectSQLite {
		res, err = models.RestoreSQLite(ctx, file, target.Path, o)
	} else {
		store, oerr := openDB(ctx)
		if oerr != nil {
			return oerr
		}
		defer store.Close()
		res, err = store.RestorePostgres(ctx, file, o)
	}
	var missing *models.MissingBackupKeyError
	if errors.As(err, &missing) {
		missing.Where = backupKeyLookedFor(missing.Source)
	}
	if err != nil {
		return err
	}
	auth := "not authenticated (restored with --unauthenticated, audited)"
	if res.Auth != "" {
		auth = "its MAC holds under " + backupKeyName(res.Auth)
	} else if err := auditUnauthenticated(ctx, file, res); err != nil {
		return fmt.Errorf("restore: %s was restored, but the audit event saying it was not authenticated could not be written: %w", file, err)
	}
	chain := "audit chain intact: " + plural.Count(res.Audit.Events, "event")
	if res.Auth == "" {
		chain = "its contents were NOT verified: the audit chain's " + plural.Count(res.Audit.Events, "event") +
			" link up, but any other row of an unauthenticated backup may have been edited"
	}
	if res.Audit.Broken() {
		chain = fmt.Sprintf("the audit chain is broken at event %d: %s (restored with --accept-broken-audit)", res.Audit.BrokenAt, res.Audit.Reason)
	}
	fmt.Fprintf(stdout, "restored %s from %s; %s; %s\n", plural.Count(res.Tables, "table"), file, auth, chain)
	printRestoredAccess(stdout, res)
	return nil
}

// printRestoredAccess says what a restore kept withdrawn of the database
// it replaced, or, where it replaced none, that the backup's API keys are
// active again; and which sessions it ended.
func printRestoredAccess(stdout io.Writer, res models.BackupResult) {
	if res.MigratedTarget > 0 {
		fmt.Fprintf(stdout, "the replaced database was an earlier console's: migrated it first (%s) to read what it had withdrawn\n", plural.Count(res.MigratedTarget, "migration"))
	}
	switch {
	case res.ReplacedData && len(res.Kept) > 0:
		fmt.Fprintf(stdout, "kept %s of the replaced database that the backup has active (audited %s):\n",
			plural.Count(len(res.Kept), "withdrawal"), models.AuditRestoreKept)
		for _, k := range res.Kept {
			fmt.Fprintf(stdout, "  %s\n", k)
		}
	case res.ReplacedData:
		fmt.Fprintln(stdout, "nothing the replaced database had revoked, suspended, disabled, spent, decided or ended is live in the backup")
	case res.ActiveKeys > 0:
		fmt.Fprintf(stdout, "the database was empty, so no revocation made since the backup is known; active again: the backup's %s (review them with console apikey list and revoke any revoked since)\n",
			plural.Count(res.ActiveKeys, "API key"))
	}
	if res.KeptCalls > 0 {
		fmt.Fprintf(stdout, "kept %s made since the backup (audited %s): a retry is answered from them, not run again\n",
			plural.Count(res.KeptCalls, "idempotency record"), models.AuditRestoreKeptConsumed)
	}
	switch {
	case res.SessionsClosed > 0 && res.ReplacedData:
		fmt.Fprintf(stdout, "ended %s of the backup that the replaced database had ended\n", plural.Count(res.SessionsClosed, "gateway session"))
	case res.SessionsClosed > 0:
		fmt.Fprintf(stdout, "ended the backup's %s: the database held none of them, so none is known to be still open; MCP clients start new ones\n",
			plural.Count(res.SessionsClosed, "gateway session"))
	}
	if res.LastAdminEnabled != "" {
		fmt.Fprintf(stdout, "user %s was disabled in the replaced database but is the backup's only enabled admin: left enabled so the console can be administered; add another admin, then disable %s\n",
			res.LastAdminEnabled, res.LastAdminEnabled)
	}
	if res.SessionsEnded > 0 {
		fmt.Fprintf(stdout, "ended the backup's %s: everyone signs in again\n", plural.Count(res.SessionsEnded, "browser session"))
	}
}

// auditUnauthenticated records, in the restored database's audit chain,
// that the backup at file was restored with --unauthenticated: nothing
// showed it is the file the console wrote.
func auditUnauthenticated(ctx context.Context, file string, res models.BackupResult) error {
	store, err := openDB(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	return store.Audit(ctx, models.Event{Actor: "console restore", Action: "backup.restore_unauthenticated", Subject: "backup:" + filepath.Base(file),
		Detail: fmt.Sprintf("restored with --unauthenticated: no MAC authenticated the file; %s, audit chain checked (%s)", plural.Count(res.Tables, "table"), plural.Count(res.Audit.Events, "event"))})
}
