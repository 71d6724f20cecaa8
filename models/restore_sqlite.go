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
	var withdrawn withdrawals
	if fi, err := os.Stat(target); err == nil && fi.Size() > 0 {
		if withdrawn, res.ReplacedData, res.MigratedTarget, err = sqliteWithdrawals(ctx, target, o.Force); err != nil {
			return res, err
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
		if err := src.Tx(ctx, func(tx *Store) error {
			res.RestoredAccess, err = keepWithdrawals(ctx, storeRestoreTx{tx}, withdrawn)
			return err
		}); err != nil {
			return err
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
