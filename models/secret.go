package models

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm/clause"
)

// ServerSecret is a key the console generates once and keeps in the
// database, shared by every replica: the audit chain's HMAC key when no
// CONSOLE_AUDIT_KEY is configured, the deferred-run receipt key, and the
// like. Values are never logged or shown.
type ServerSecret struct {
	Name      string `gorm:"primaryKey;size:64"`
	Value     string `gorm:"size:128;not null"`
	CreatedAt time.Time
}

// secretCache remembers secrets already read; they never change.
type secretCache struct {
	mu   sync.Mutex
	vals map[string][]byte
}

// SecretBytes is the size of a generated secret, and the least a
// configured key (audit, receipts) may have.
const SecretBytes = 32

// maxSecretName bounds a secret's name (its key column).
const maxSecretName = 64

// Secret returns the server secret called name, generating and storing
// it the first time any replica asks. Concurrent first calls (even from
// several replicas) agree on one value: the first insert wins and every
// caller reads what was stored. The value is cached for the process.
// Inside a transaction the secret is written in it (and so committed or
// rolled back with it).
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	if name == "" || len(name) > maxSecretName {
		return nil, fmt.Errorf("models: secret name %q: 1-%d bytes", name, maxSecretName)
	}
	s.secrets.mu.Lock()
	v, ok := s.secrets.vals[name]
	s.secrets.mu.Unlock()
	if ok {
		return v, nil
	}
	b := make([]byte, SecretBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	row := ServerSecret{Name: name, Value: base64.RawStdEncoding.EncodeToString(b), CreatedAt: time.Now().UTC()}
	ins := s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if ins.Error != nil {
		return nil, fmt.Errorf("models: secret %s: %w", name, ins.Error)
	}
	// a secret read inside a transaction may be one this transaction
	// created (a second read finds the row and inserts nothing): it exists
	// only if the transaction commits, so use it but cache only what is
	// read outside one (a cached key of a rolled-back first start wrote
	// the next start's audit chain under a key no row kept)
	cache := !s.inTx
	var got ServerSecret
	if err := s.with(ctx).Where("name = ?", name).First(&got).Error; err != nil {
		return nil, fmt.Errorf("models: secret %s: %w", name, notFound(err))
	}
	v, err := base64.RawStdEncoding.DecodeString(got.Value)
	if err != nil {
		return nil, fmt.Errorf("models: secret %s: stored value unreadable", name)
	}
	if !cache {
		return v, nil
	}
	s.secrets.mu.Lock()
	if s.secrets.vals == nil {
		s.secrets.vals = map[string][]byte{}
	}
	s.secrets.vals[name] = v
	s.secrets.mu.Unlock()
	return v, nil
}

// loopSecretName names the secret the deployment's loop marker is drawn
// from.
const loopSecretName = "gateway-loop"

// LoopMarker is the deployment's gateway loop marker: the same for every
// replica and CLI on this database (from a server secret, hashed, so the
// upstreams it is sent to learn nothing of the secret).
func (s *Store) LoopMarker(ctx context.Context) (string, error) {
	key, err := s.Secret(ctx, loopSecretName)
	if err != nil {
		return "", fmt.Errorf("models: loop marker: %w", err)
	}
	sum := sha256.Sum256(append([]byte("gateway loop marker\x00"), key...))
	return hex.EncodeToString(sum[:16]), nil
}
