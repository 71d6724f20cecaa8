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

// createdNames are the secrets a transaction (and its savepoints)
// inserted; nil outside one.
type createdNames struct {
	mu    sync.Mutex
	names map[string]bool
}

func (c *createdNames) add(name string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.names == nil {
		c.names = map[string]bool{}
	}
	c.names[name] = true
}

func (c *createdNames) has(name string) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.names[name]
}

// secretCached reports whether name is cached: its row was read outside
// any transaction that could still roll it back.
func (s *Store) secretCached(name string) bool {
	s.secrets.mu.Lock()
	defer s.secrets.mu.Unlock()
	_, ok := s.secrets.vals[name]
	return ok
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
	// a secret this transaction created exists only if it commits: use
	// it, but cache it for the process only when no transaction of this
	// chain (savepoints included) inserted it — a second read in the
	// creating transaction finds the row and inserts nothing, and caching
	// it then let a rolled-back first start's key write the next start's
	// audit chain under a key no row kept
	if s.inTx && ins.RowsAffected == 1 {
		s.txCreated.add(name)
	}
	cache := !s.inTx || (ins.RowsAffected == 0 && !s.txCreated.has(name))
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
