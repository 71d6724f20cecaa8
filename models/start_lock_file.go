package models

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"time"
)

// On SQLite a start (a server's bootstrap or a command's) holds an
// exclusive OS lock on a file beside the database, its path with
// ".start.lock" appended, from before the migrations until it has seeded
// an empty database and stored the first admin's hash: two processes
// starting together on one new file would otherwise both migrate and seed
// it, and the second fail on the admin the first created. It is not the
// serving lock (ServeLock), which every running console holds shared for
// as long as it runs: a start waiting for that one exclusively would wait
// for every console. The lock ends with its process, so a start that was
// killed leaves nothing to clean up.

// startLockPath is the start lock's file of the SQLite database file,
// named after the file itself (lockedFile): two spellings of one
// database share one lock.
func startLockPath(file string) string { return lockedFile(file) + ".start.lock" }

// lockedFile is the path a lock beside the SQLite database file is named
// after: the file's absolute path with every symbolic link resolved (its
// directory's when the file is not there yet), so a path through a
// symlink, a relative one and the absolute one of one database all name
// one lock file. A path that cannot be resolved is kept as given.
func lockedFile(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return file
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// migrateLocked takes the start's lock and applies the migrations, in the
// order the dialect needs: on SQLite the lock covers the migrations too
// (nothing else keeps two processes from applying them at once); on
// Postgres they have a lock of their own, and the start's lock is taken
// after them. release is nil when err is not.
func (s *Store) migrateLocked(ctx context.Context) (applied []int, release func(), err error) {
	if s.dialect == DialectSQLite {
		if release, err = s.lockStart(ctx); err != nil {
			return nil, nil, err
		}
	}
	applied, err = s.Migrate(ctx)
	if err != nil {
		if release != nil {
			release()
		}
		return applied, nil, err
	}
	if release == nil {
		release, err = s.lockStart(ctx)
	}
	return applied, release, err
}

// MigrateLocked is Migrate for a command that only migrates (console
// migrate): it holds the start's lock while it does, so it does not apply
// the migrations beside a console starting on the same database.
func (s *Store) MigrateLocked(ctx context.Context) ([]int, error) {
	applied, release, err := s.migrateLocked(ctx)
	if release != nil {
		release()
	}
	return applied, err
}

// lockStartFile takes the start lock of the SQLite database file, waiting
// while another process's start holds it: saying so in the log after a
// while, and failing, naming the file, after startLockWait. An in-memory
// database ("" file) has one process: no lock. The release is idempotent.
func lockStartFile(ctx context.Context, file string) (func(), error) {
	if file == "" {
		return func() {}, nil
	}
	lock := startLockPath(file)
	begin, told := time.Now(), false
	for {
		f, err := openLocked(lock, true)
		if err == nil {
			var once sync.Once
			return func() { once.Do(func() { f.Close() }) }, nil
		}
		if !errors.Is(err, errLocked) {
			return nil, fmt.Errorf("models: start lock: %w", err)
		}
		waited := time.Since(begin)
		if waited >= startLockWait {
			return nil, fmt.Errorf("models: start lock: another console's start on this database has held %s for %s: a start holds it only while it migrates and seeds the database, so a start that hangs holds it now: end that process, then start again", lock, waited.Round(time.Second))
		}
		if !told && waited >= 2*time.Second {
			slog.Warn("waiting for another console's start on this database to finish (it holds " + lock + ")")
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("models: start lock: %w", ctx.Err())
		case <-time.After(startLockPoll):
		}
	}
}
