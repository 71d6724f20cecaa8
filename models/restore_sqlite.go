package models

// Restoring a SQLite backup file onto a SQLite database file.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/agentforge/console/instruction/plural"
)

// sqliteTables lists a SQLite database's tables.
func sqliteTables(ctx context.Context, s *Store) ([]string, error) {
	var names []string
	err := s.with(ctx).Raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").Scan(&names).Error
	return names, err
}

// RestoreSQLite restores a SQLite backup file to the SQLite database file
// target: it authenticates the backup (CheckBackup), copies its content
// beside the target and checks the copy (checkSQLiteBackup: SQLite's
// integrity check, exactly this console's migrations, and its audit
// chain, which must verify unless o.AcceptBrokenAudit) before it touches
// the target: a bad backup is refused with the target as it was. Then it
// refuses a target with data unless o.Force, reads what that one
// withdrew (migrating an earlier console's first), keeps it in the copy
// and moves the copy over the target (whose -wal and -shm files go). The
// backup file itself is only read. It refuses (a *ServedError) while a
// console serves target (LockServing).
func RestoreSQLite(ctx context.Context, backup, target string, o RestoreOptions) (BackupResult, error) {
	var res BackupResult
	auth, err := CheckBackup(backup, o.Keys, o.Unauthenticated)
	if err != nil {
		return res, err
	}
	release, err := lockRestoring(target)
	if err != nil {
		return res, err
	}
	defer release()
	tmp := target + ".restoring"
	if err := copyFileN(backup, tmp, auth.Size); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	if res, err = restoreSQLiteCopy(ctx, backup, tmp, target, o); err != nil {
		for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
			_ = os.Remove(f)
		}
		return BackupResult{}, err
	}
	res.Auth = auth.Source
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

// restoreSQLiteCopy checks the backup's copy at tmp, then reads what the
// target withdrew and keeps it in the copy, verifying the copy's audit
// chain again after.
func restoreSQLiteCopy(ctx context.Context, backup, tmp, target string, o RestoreOptions) (BackupResult, error) {
	var res BackupResult
	src, err := Open(ctx, tmp)
	if err != nil {
		return res, fmt.Errorf("restore: %s is not a whole SQLite database: %w", backup, err)
	}
	defer src.Close()
	if err := checkSQLiteBackup(ctx, src, backup, o); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	var withdrawn withdrawals
	if fi, err := os.Stat(target); err == nil && fi.Size() > 0 {
		if withdrawn, res.ReplacedData, res.MigratedTarget, err = sqliteWithdrawals(ctx, target, o.Force); err != nil {
			return res, err
		}
	}
	if err := src.Tx(ctx, func(tx *Store) error {
		res.RestoredAccess, err = keepWithdrawals(ctx, storeRestoreTx{tx}, withdrawn)
		return err
	}); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	if res.Audit, err = src.VerifyAudit(ctx); err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	if res.Audit.Broken() && !o.AcceptBrokenAudit {
		return res, fmt.Errorf("restore: %w", &BrokenAuditError{Result: res.Audit})
	}
	names, err := sqliteTables(ctx, src)
	if err != nil {
		return res, fmt.Errorf("restore: %w", err)
	}
	res.Tables = len(names)
	return res, nil
}

// checkSQLiteBackup checks the copy of backup that src opened: SQLite's
// integrity check, exactly this console's migrations and schema
// (checkSQLiteSchema), the audit key and the audit chain (which must
// verify unless o.AcceptBrokenAudit).
func checkSQLiteBackup(ctx context.Context, src *Store, backup string, o RestoreOptions) error {
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
	if err := checkSQLiteSchema(ctx, src, backup); err != nil {
		return err
	}
	if len(o.AuditKey) > 0 {
		src.SetAuditKey(o.AuditKey)
	}
	if err := src.CheckAuditKey(ctx); err != nil {
		return fmt.Errorf("the backup's audit chain: %w", err)
	}
	chain, err := src.VerifyAudit(ctx)
	if err != nil {
		return err
	}
	if chain.Broken() && !o.AcceptBrokenAudit {
		return &BrokenAuditError{Result: chain}
	}
	return nil
}

// sqliteWithdrawals reads what the SQLite database at target withdrew
// (readWithdrawals) when it holds data (replaced), which a restore
// replaces only when forced (ErrNotEmpty otherwise); an earlier
// console's is migrated first (readyToReplace; migrated counts).
func sqliteWithdrawals(ctx context.Context, target string, force bool) (w withdrawals, replaced bool, migrated int, err error) {
	dst, err := Open(ctx, target)
	if err != nil {
		return w, false, 0, fmt.Errorf("restore: %w", err)
	}
	defer dst.Close()
	empty, err := dst.Empty(ctx)
	switch {
	case err != nil:
		return w, false, 0, fmt.Errorf("restore: %w", err)
	case empty:
		return w, false, 0, nil
	case !force:
		return w, false, 0, ErrNotEmpty
	}
	if migrated, err = dst.readyToReplace(ctx); err != nil {
		return w, false, 0, fmt.Errorf("restore: %w", err)
	}
	if w, err = dst.readWithdrawals(ctx); err != nil {
		return w, false, migrated, fmt.Errorf("restore: what the database withdrew: %w", err)
	}
	return w, true, migrated, nil
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
