package models

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// CheckState is what a call-time check reads from the database, in one
// round trip: the generations that key the in-memory authority state and,
// when a handle was sent, its binding.
type CheckState struct {
	CatalogGen, ConfigGen int64
	Binding               *authority.Binding
	// BindingID is the stored binding's id (0 when none was found).
	BindingID uint
	// BindingApproval is the approval reference the binding pinned.
	BindingApproval string
}

// ReadCheckState reads both generations and, for a non-empty handle, the
// binding it names for the runtime key key (another key's handle reads as
// none), in one query. It never answers from a cache: a revocation
// committed before the call is always seen.
func (s *Store) ReadCheckState(ctx context.Context, handle string, key uint) (CheckState, error) {
	var st CheckState
	if handle == "" {
		cg, fg, err := s.Generations(ctx)
		st.CatalogGen, st.ConfigGen = cg, fg
		return st, err
	}
	var row struct {
		Generation       int64
		ConfigGeneration int64
		Subject          *string
		GroupSet         *string
		Agent            *string
		Tool             *string
		Digest           *string
		ExpiresAt        *time.Time
		RevokedAt        *time.Time
		RevokedBy        *string
		ID               *uint
		InvalidatedAt    *time.Time
		InvalidType      *string
		InvalidReason    *string
		ApprovalRef      *string
		AuthorityPin     *string
	}
	err := s.with(ctx).Raw(`SELECT c.generation, c.config_generation, b.subject, b.group_set, b.agent, b.tool, b.digest, b.expires_at, b.revoked_at, b.revoked_by,
b.id, b.invalidated_at, b.invalid_type, b.invalid_reason, b.approval_ref, b.authority_pin
FROM catalog_states c LEFT JOIN bindings b ON b.handle_hash = ? AND b.key_id = ? WHERE c.id = 1`, hashKey(handle), key).Scan(&row).Error
	if err != nil {
		return st, fmt.Errorf("models: check state: %w", err)
	}
	if row.Generation == 0 {
		return st, fmt.Errorf("models: check state: %w", ErrNotFound)
	}
	st.CatalogGen, st.ConfigGen = row.Generation, row.ConfigGeneration
	st.Binding = &authority.Binding{}
	if row.Subject != nil {
		st.Binding = &authority.Binding{Found: true, Subject: *row.Subject, Groups: deref(row.GroupSet), Agent: deref(row.Agent), Tool: deref(row.Tool), Digest: deref(row.Digest), ExpiresAt: row.ExpiresAt.UTC()}
		if row.RevokedAt != nil {
			st.Binding.RevokedAt, st.Binding.RevokedBy = row.RevokedAt.UTC(), deref(row.RevokedBy)
		}
		if row.InvalidatedAt != nil {
			st.Binding.Invalid = &authority.Invalidation{Type: deref(row.InvalidType), Reason: deref(row.InvalidReason), At: row.InvalidatedAt.UTC()}
		}
		if row.ID != nil {
			st.BindingID = *row.ID
		}
		st.BindingApproval = deref(row.ApprovalRef)
		st.Binding.Approval = st.BindingApproval
		st.Binding.Pin = deref(row.AuthorityPin)
	}
	return st, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
