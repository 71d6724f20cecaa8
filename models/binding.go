package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/agentforge/console/instruction/authority"
)

// Binding is a runtime's opaque handle on an exact tool version for one
// subject and agent, until it expires. Only the handle's hash is stored;
// a binding is never authority by itself: every check re-decides.
type Binding struct {
	ID         uint   `gorm:"primaryKey"`
	HandleHash string `gorm:"size:64;uniqueIndex;not null"`
	Subject    string `gorm:"size:200;not null"`
	// GroupSet is authority.GroupSetDigest of the subject's groups at
	// issue: a check presenting another group set is binding_stale.
	GroupSet  string    `gorm:"size:64"`
	Agent     string    `gorm:"size:64;not null"`
	Tool      string    `gorm:"size:200;index;not null"`
	Digest    string    `gorm:"size:64;not null"`
	ExpiresAt time.Time `gorm:"index;not null"`
	CreatedBy string    `gorm:"size:64"`
	CreatedAt time.Time
	// RevokedAt is set when an admin revoked the binding: its next check
	// is capability_revoked, on every replica (checks read it each time).
	RevokedAt *time.Time
	RevokedBy string `gorm:"size:64"`
	// Profile is the profile the binding was checked under ("" for the
	// agent's default) and GroupsJSON the subject's groups at issue (a
	// JSON array): with them a page re-decides what a check would answer.
	Profile    string `gorm:"size:64"`
	GroupsJSON string `gorm:"type:text"`
	// CatalogGen and PolicyGen pin the catalog generation and the grant
	// (policy: configuration) generation the binding was issued at;
	// ApprovalRef is the approval it was issued under, where one was
	// required.
	CatalogGen  int64
	PolicyGen   int64
	ApprovalRef string `gorm:"size:64"`
	// InvalidatedAt, InvalidType and InvalidReason are the first stale or
	// revoked verdict a check found, recorded once and never undone.
	InvalidatedAt *time.Time
	InvalidType   string `gorm:"size:32"`
	InvalidReason string `gorm:"size:512"`
	// AuthorityPin is the authority the binding was issued under
	// (authority.Pin: its groups', agent's, profile's and tool review's
	// versions); a check under another ends it for good (migration 251).
	AuthorityPin string `gorm:"size:80;not null;default:''"`
	// KeyID is the runtime key that asked for the binding: only that key
	// may present or release it (another key's check finds no binding).
	KeyID uint `gorm:"not null;default:0;index"`
}

// Groups are the subject's groups the binding was issued for.
func (b Binding) Groups() []string {
	var gs []string
	_ = json.Unmarshal([]byte(b.GroupsJSON), &gs)
	return gs
}

// Invalidation is the binding's recorded invalidity, nil while none.
func (b Binding) Invalidation() *authority.Invalidation {
	if b.InvalidatedAt == nil {
		return nil
	}
	return &authority.Invalidation{Type: b.InvalidType, Reason: b.InvalidReason, At: b.InvalidatedAt.UTC()}
}

// bindingColumns are the columns migration 110 adds.
var bindingColumns = []string{"Profile", "GroupsJSON", "CatalogGen", "PolicyGen", "ApprovalRef", "InvalidatedAt", "InvalidType", "InvalidReason"}

// migrateStickyBindings (migration 110) adds the pins and the recorded
// invalidation to bindings.
func migrateStickyBindings(tx *gorm.DB, _ string) error {
	for _, col := range bindingColumns {
		if !tx.Migrator().HasColumn(&Binding{}, col) {
			if err := tx.Migrator().AddColumn(&Binding{}, col); err != nil {
				return err
			}
		}
	}
	return nil
}

// BindingPrefix starts every handle.
const BindingPrefix = "afb_"

// MaxBindingTTL bounds a binding's lifetime.
const MaxBindingTTL = 24 * time.Hour

// CreateBinding stores a binding for the runtime key b.KeyID and returns
// its handle, once; a key holding MaxLiveBindingsPerKey live bindings is
// refused (*TooManyBindingsError), nothing stored.
func (s *Store) CreateBinding(ctx context.Context, actor string, b Binding) (string, *Binding, error) {
	handle := BindingPrefix + RandomToken(30)
	if b.GroupsJSON == "" {
		b.GroupsJSON = "[]"
	}
	b.HandleHash = hashKey(handle)
	b.CreatedBy = actor
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.bindingRoom(ctx, b.KeyID); err != nil {
			return err
		}
		if err := tx.with(ctx).Create(&b).Error; err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "binding.create", Subject: fmt.Sprintf("binding:%d %s/%s", b.ID, b.Agent, b.Tool),
			After: b.Digest, Detail: fmt.Sprintf("subject %q until %s; catalog generation %d, policy generation %d%s", clipTo(b.Subject, 200), b.ExpiresAt.UTC().Format(time.RFC3339), b.CatalogGen, b.PolicyGen, approvalNote(b.ApprovalRef))})
	})
	if err != nil {
		return "", nil, fmt.Errorf("models: create binding: %w", err)
	}
	return handle, &b, nil
}

func approvalNote(ref string) string {
	if ref == "" {
		return ""
	}
	return ", approval " + ref
}

// ReleaseBinding deletes the runtime key key's binding by its handle; an
// unknown handle, or another key's, is ErrNotFound.
func (s *Store) ReleaseBinding(ctx context.Context, actor string, key uint, handle string) error {
	return s.Tx(ctx, func(tx *Store) error {
		var b Binding
		if err := tx.with(ctx).Where("handle_hash = ? AND key_id = ?", hashKey(handle), key).First(&b).Error; err != nil {
			return notFound(err)
		}
		res := tx.with(ctx).Where("id = ?", b.ID).Delete(&Binding{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "binding.release", Subject: fmt.Sprintf("binding:%d %s/%s", b.ID, b.Agent, b.Tool), Before: b.Digest})
	})
}

// BindingFilter narrows a bindings listing; empty fields match all.
type BindingFilter struct {
	Agent, Tool string
}

// LiveBindings lists bindings not expired and not revoked, newest first
// (at most limit).
func (s *Store) LiveBindings(ctx context.Context, f BindingFilter, now time.Time, limit int) ([]Binding, error) {
	q := s.with(ctx).Where("expires_at > ? AND revoked_at IS NULL", now.UTC())
	if f.Agent != "" {
		q = q.Where("agent = ?", f.Agent)
	}
	if f.Tool != "" {
		q = q.Where("tool = ?", f.Tool)
	}
	var bs []Binding
	if err := q.Order("id DESC").Limit(limit).Find(&bs).Error; err != nil {
		return nil, fmt.Errorf("models: live bindings: %w", err)
	}
	return bs, nil
}

// RevokeBinding revokes a live binding by id, audited in the same
// transaction; the row stays so its next check says it was revoked, and
// by whom. An unknown, expired or already revoked binding is ErrNotFound.
func (s *Store) RevokeBinding(ctx context.Context, actor string, id uint, now time.Time) (*Binding, error) {
	var b Binding
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.with(ctx).Where("id = ? AND revoked_at IS NULL AND expires_at > ?", id, now.UTC()).First(&b).Error; err != nil {
			return notFound(err)
		}
		at := now.UTC()
		res := tx.with(ctx).Model(&Binding{}).Where("id = ? AND revoked_at IS NULL", id).Updates(map[string]any{"revoked_at": at, "revoked_by": clipTo(actor, 64)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		b.RevokedAt, b.RevokedBy = &at, actor
		return tx.Audit(ctx, Event{Actor: actor, Action: "binding.revoke", Subject: fmt.Sprintf("binding:%d %s/%s", b.ID, b.Agent, b.Tool), Before: b.Digest,
			Detail: fmt.Sprintf("subject %q, created by %s, would have expired %s", clipTo(b.Subject, 200), b.CreatedBy, b.ExpiresAt.UTC().Format(time.RFC3339))})
	})
	if err != nil {
		return nil, fmt.Errorf("models: revoke binding %d: %w", id, err)
	}
	return &b, nil
}

// InvalidateBinding records the first stale or revoked verdict on a
// binding, audited in the same transaction (action binding.invalidate,
// the reason in the detail), and returns the binding's recorded
// invalidation: inv when this call recorded it, else the one an earlier
// check (on any replica) recorded first — never a second one.
func (s *Store) InvalidateBinding(ctx context.Context, id uint, inv authority.Invalidation) (authority.Invalidation, error) {
	inv.At = inv.At.UTC().Truncate(time.Microsecond)
	inv.Reason = clipTo(inv.Reason, 512)
	var out authority.Invalidation
	err := s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Model(&Binding{}).Where("id = ? AND invalidated_at IS NULL", id).
			Updates(map[string]any{"invalidated_at": inv.At, "invalid_type": inv.Type, "invalid_reason": inv.Reason})
		if res.Error != nil {
			return res.Error
		}
		var b Binding
		if err := tx.with(ctx).Where("id = ?", id).First(&b).Error; err != nil {
			return notFound(err)
		}
		if res.RowsAffected != 1 {
			if r := b.Invalidation(); r != nil {
				out = *r
				return nil
			}
			return errors.New("binding neither invalidated nor invalid")
		}
		out = inv
		return tx.Audit(ctx, Event{Actor: SystemActor, Action: "binding.invalidate", Subject: fmt.Sprintf("binding:%d %s/%s", b.ID, b.Agent, b.Tool), Before: b.Digest,
			Detail: fmt.Sprintf("%s: %s (subject %q, created by %s)", inv.Type, inv.Reason, clipTo(b.Subject, 200), b.CreatedBy)})
	})
	if err != nil {
		return out, fmt.Errorf("models: invalidate binding %d: %w", id, err)
	}
	return out, nil
}
