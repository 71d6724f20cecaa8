package models

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// API key scopes. A read key composes, fetches skills and searches tools;
// a runtime key also runs, checks calls and holds bindings. No key of any
// scope can approve, promote, roll back or edit.
const (
	ScopeRead    = "read"
	ScopeRuntime = "runtime"
)

// Allows reports whether a key of this scope may use a route that needs
// the given scope: runtime keys may also read.
func (k APIKey) Allows(scope string) bool {
	return k.Scope == scope || (scope == ScopeRead && k.Scope == ScopeRuntime)
}

// APIKey is a runtime credential; only its hash is stored.
type APIKey struct {
	ID         uint   `gorm:"primaryKey"`
	Name       string `gorm:"size:64;not null" text:"person"`
	Prefix     string `gorm:"size:16;not null"`
	Hash       string `gorm:"size:64;uniqueIndex;not null"`
	Scope      string `gorm:"size:16;not null"`
	CreatedBy  string `gorm:"size:64"`
	CreatedAt  time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
	// SuspendedAt is when the key was suspended (nil: it is not): a
	// suspended key is refused until an admin resumes it (SuspendAPIKey).
	// Read from its APIKeySuspension, never a column of api_keys.
	SuspendedAt *time.Time `gorm:"->;-:migration"`
	// SuspendedWhy says why, without any secret: the incident's kind,
	// connection and tool (read like SuspendedAt)
	SuspendedWhy string `gorm:"->;-:migration"`
	// CreatorDisabled is set while the user who created the key is
	// disabled: the key is refused until they are enabled again (read
	// like SuspendedAt, from users).
	CreatorDisabled bool `gorm:"->;-:migration"`
}

// APIKeyPrefix starts every key, so leaked keys are recognizable.
const APIKeyPrefix = "afc_"

func hashKey(k string) string {
	sum := sha256.Sum256([]byte(k))
	return hex.EncodeToString(sum[:])
}

// CreateAPIKey makes a read-scoped key and returns it in full, once.
func (s *Store) CreateAPIKey(ctx context.Context, actor, name string) (string, *APIKey, error) {
	return s.CreateScopedAPIKey(ctx, actor, name, ScopeRead)
}

// CreateScopedAPIKey makes a key of the given scope (read or runtime) and
// returns it in full, once. A name is unique among the actor's live keys
// of that scope (a validation error on name otherwise), so a list of keys
// tells each apart by name when one is revoked.
func (s *Store) CreateScopedAPIKey(ctx context.Context, actor, name, scope string) (string, *APIKey, error) {
	name = strings.TrimSpace(name)
	if name == "" || tooLong(name, MaxKeyName) {
		return "", nil, &ValidationError{Fields: map[string]string{"name": requiredAtMost(MaxKeyName)}}
	}
	if scope != ScopeRead && scope != ScopeRuntime {
		return "", nil, &ValidationError{Fields: map[string]string{"scope": "must be read or runtime"}}
	}
	secret := APIKeyPrefix + RandomToken(30)
	k := &APIKey{Name: name, Prefix: secret[:12], Hash: hashKey(secret), Scope: scope, CreatedBy: actor}
	err := s.Tx(ctx, func(tx *Store) error {
		var live int64
		if err := tx.with(ctx).Model(&APIKey{}).Where("name = ? AND scope = ? AND created_by = ? AND revoked_at IS NULL", name, scope, actor).Count(&live).Error; err != nil {
			return err
		}
		taken := &ValidationError{Fields: map[string]string{"name": fmt.Sprintf("you have a live %s key named %q: revoke it first or choose another name", scope, name)}}
		if live > 0 {
			return taken
		}
		// the unique index (migration 249) decides between concurrent creates
		if err := tx.with(ctx).Create(k).Error; errors.Is(err, gorm.ErrDuplicatedKey) {
			return taken
		} else if err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "apikey.create", Subject: fmt.Sprintf("apikey:%d %s", k.ID, name), After: k.Prefix, Detail: "scope " + scope})
	})
	var ve *ValidationError
	if errors.As(err, &ve) {
		return "", nil, ve
	}
	if err != nil {
		return "", nil, fmt.Errorf("models: create api key: %w", err)
	}
	return secret, k, nil
}

// ErrKeyOwnerDisabled is a live key whose creator is a disabled user:
// refused while they are disabled (a disabled user acts nowhere, through
// their keys neither).
var ErrKeyOwnerDisabled = errors.New("models: the API key's creator is disabled")

// ErrBadKey is an unknown or revoked key.
var ErrBadKey = errors.New("models: unknown or revoked API key")

// APIKeyBySecret finds a live key by its secret.
func (s *Store) APIKeyBySecret(ctx context.Context, secret string) (*APIKey, error) {
	if !strings.HasPrefix(secret, APIKeyPrefix) || len(secret) > 128 {
		return nil, ErrBadKey
	}
	var k APIKey
	if err := s.keysWithSuspension(ctx).Where("api_keys.hash = ?", hashKey(secret)).First(&k).Error; err != nil {
		if errors.Is(notFound(err), ErrNotFound) {
			return nil, ErrBadKey
		}
		return nil, err
	}
	if k.RevokedAt != nil {
		return nil, ErrBadKey
	}
	if k.SuspendedAt != nil {
		return nil, ErrKeySuspended
	}
	if k.CreatorDisabled {
		return nil, ErrKeyOwnerDisabled
	}
	return &k, nil
}

// TouchAPIKey records the key's last use.
func (s *Store) TouchAPIKey(ctx context.Context, id uint, at time.Time) error {
	return s.with(ctx).Model(&APIKey{}).Where("id = ?", id).Update("last_used_at", at.UTC()).Error
}

// APIKeys lists keys, newest first.
func (s *Store) APIKeys(ctx context.Context) ([]APIKey, error) {
	var ks []APIKey
	err := s.keysWithSuspension(ctx).Order("api_keys.id DESC").Find(&ks).Error
	return ks, err
}

// RevokeAPIKey revokes a key for good, voiding the pending approval
// requests no live key asked for any more (voidRequestsOfRevokedKey).
func (s *Store) RevokeAPIKey(ctx context.Context, actor string, id uint) error {
	return s.Tx(ctx, func(tx *Store) error {
		now := time.Now().UTC()
		res := tx.with(ctx).Model(&APIKey{}).Where("id = ? AND revoked_at IS NULL", id).Update("revoked_at", now)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "apikey.revoke", Subject: fmt.Sprintf("apikey:%d", id)}); err != nil {
			return err
		}
		return tx.voidRequestsOfRevokedKey(ctx, actor, id, now)
	})
}

// migrateAPIKeyNames (migration 249) makes a live key's name unique per
// creator and scope with a partial unique index, so concurrent creates
// cannot both take a name. Live duplicates made before it keep working:
// each but the oldest gets its id appended to its name.
func migrateAPIKeyNames(tx *gorm.DB, _ string) error {
	err := tx.Exec(`UPDATE api_keys SET name = substr(name, 1, 48) || ' #' || id WHERE revoked_at IS NULL AND EXISTS (
SELECT 1 FROM api_keys o WHERE o.revoked_at IS NULL AND o.created_by = api_keys.created_by AND o.scope = api_keys.scope AND o.name = api_keys.name AND o.id < api_keys.id)`).Error
	if err != nil {
		return err
	}
	return tx.Exec("CREATE UNIQUE INDEX IF NOT EXISTS idx_api_keys_live_name ON api_keys (created_by, scope, name) WHERE revoked_at IS NULL").Error
}
