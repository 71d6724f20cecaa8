package models

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// pendingPassword is the stored hash of the first admin while its argon2id
// hash is being computed after the server listens (BootstrapDeferred), or
// until the next server start gives it a password (BootstrapForCommand): no
// argon2id PHC string, so no password matches it until the hash replaces
// it; a sign-in in this process waits for that instead of failing.
const pendingPassword = "!pending"

// adminHash is the admin's hash being computed after a deferred first
// start: done closes once it is stored (or has failed), and the start's
// lock (startLock) is released then.
type adminHash struct {
	done    chan struct{}
	once    sync.Once
	release func()
}

// finish closes done and releases the start's lock, once.
func (p *adminHash) finish() {
	p.once.Do(func() {
		close(p.done)
		p.release()
	})
}

// startLockKey is the advisory lock (with the schema's hash as its second
// key) a start holds on Postgres from counting users until its admin's
// hash is stored (see lockStart). 7004 alone is keepAnAdmin's lock: a
// number of its own keeps the two apart to whoever reads pg_locks.
const startLockKey = "7005"

// lockStart serializes starts on one database: on Postgres (one schema)
// through an advisory lock, on SQLite through a file beside it
// (lockStartFile). A start holds the lock from the moment it counts users
// (on SQLite from before the migrations) until it has created the
// catalog, the demo and the admin, and, when it left the admin's hash
// pending (BootstrapDeferred), until the hash is stored. So two replicas
// starting together on an empty database do not both seed it, and a
// replica starting while another stores its admin's hash waits for it
// instead of taking that admin for one a dead start left pending (which
// it would give a password of its own). A start that dies releases the
// lock with its connection (its process). The returned release is
// idempotent.
func (s *Store) lockStart(ctx context.Context) (func(), error) {
	if s.dialect != DialectPostgres {
		return lockStartFile(ctx, s.file)
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return nil, fmt.Errorf("models: start lock: %w", err)
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("models: start lock: %w", err)
	}
	if err := waitStartLock(ctx, conn); err != nil {
		conn.Close()
		return nil, err
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock("+startLockKey+", hashtext(current_schema()))") //nolint:errcheck // the session ends with the connection anyway
			conn.Close()
		})
	}, nil
}

// startLockWait bounds how long a start waits for another start's lock:
// a start holds it for its seeding and its admin's hash (well under a
// second), so minutes of waiting mean a start that hangs, or a
// transaction-pooling proxy that kept the lock on a connection of its own.
var startLockWait = 2 * time.Minute

// startLockPoll is how often a waiting start tries the lock again.
const startLockPoll = 50 * time.Millisecond

// waitStartLock takes the start lock on conn, saying in the log when it
// waits for another start and failing, with what to check, after
// startLockWait instead of blocking without a word.
func waitStartLock(ctx context.Context, conn *sql.Conn) error {
	begin, told := time.Now(), false
	for {
		var got bool
		if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock("+startLockKey+", hashtext(current_schema()))").Scan(&got); err != nil {
			return fmt.Errorf("models: start lock: %w", err)
		}
		if got {
			return nil
		}
		waited := time.Since(begin)
		if waited >= startLockWait {
			return fmt.Errorf("models: start lock: another start has held advisory lock (%s, this schema) for %s: if no other replica is starting, a transaction-pooling proxy between the console and Postgres may hold it — start through a direct or session-pooled connection", startLockKey, waited.Round(time.Second))
		}
		if !told && waited >= 2*time.Second {
			slog.Warn("waiting for another replica's start to finish (advisory lock " + startLockKey + " on this schema)")
			told = true
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("models: start lock: %w", ctx.Err())
		case <-time.After(startLockPoll):
		}
	}
}

// releasePending releases the start's lock a pending admin hash holds
// (Close: the hash will not be stored by this store).
func (s *Store) releasePending() {
	if s.pending != nil {
		s.pending.finish()
	}
}

// waitPending waits, if this store computes a pending hash, until it is
// stored: a sign-in right after the first start then checks the real hash.
func (s *Store) waitPending(ctx context.Context) error {
	p := s.pending
	if p == nil {
		return nil
	}
	select {
	case <-p.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// finishAdmin returns the function that hashes password and stores it as
// username's hash in place of pendingPassword; a sign-in waits for it.
// release (the start's lock) is called once it has run.
func (s *Store) finishAdmin(username, password string, release func()) func(context.Context) error {
	p := &adminHash{done: make(chan struct{}), release: release}
	s.pending = p
	return func(ctx context.Context) error {
		defer p.finish()
		hash, err := HashPassword(password)
		if err != nil {
			return fmt.Errorf("models: admin password: %w", err)
		}
		res := s.with(ctx).Model(&User{}).Where("username = ? AND password_hash = ?", username, pendingPassword).Update("password_hash", hash)
		if res.Error != nil {
			return fmt.Errorf("models: admin password: %w", res.Error)
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("models: admin password: %s no longer awaits its hash", username)
		}
		return nil
	}
}

// pendingAdmin names the user a first start created and left without its
// hash (the process ended before it was stored), or "" when there is none.
func (s *Store) pendingAdmin(ctx context.Context) (string, error) {
	var names []string
	err := s.with(ctx).Model(&User{}).Where("password_hash = ?", pendingPassword).Limit(1).Pluck("username", &names).Error
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}
