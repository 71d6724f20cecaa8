package models

import (
	"context"
	"fmt"
	"sync"
)

// pendingPassword is the stored hash of the first admin while its argon2id
// hash is being computed after the server listens (BootstrapDeferred): no
// argon2id PHC string, so no password matches it until the hash replaces
// it; a sign-in in this process waits for that instead of failing.
const pendingPassword = "!pending"

// adminHash is the admin's hash being computed after a deferred first
// start: done closes once it is stored (or has failed).
type adminHash struct {
	done chan struct{}
	once sync.Once
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
func (s *Store) finishAdmin(username, password string) func(context.Context) error {
	p := &adminHash{done: make(chan struct{})}
	s.pending = p
	return func(ctx context.Context) error {
		defer p.once.Do(func() { close(p.done) })
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
