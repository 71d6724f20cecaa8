package web

import (
	"context"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// pageAuthority is the authority state of now for a page that only shows
// it (nil when it cannot be read: the page then shows less).
func (s *Server) pageAuthority(ctx context.Context) *authState {
	cs, err := s.checkState(ctx, "")
	if err != nil {
		return nil
	}
	st, err := s.authorityAt(ctx, cs.CatalogGen, cs.ConfigGen)
	if err != nil {
		return nil
	}
	return st
}

// approvalVoidNote says why a is void: recorded, or (approved, and what
// it was approved under changed since) found now, for its next call to
// record; "" when it is not, or when it is spent or expired.
func approvalVoidNote(st *authState, a *models.Approval, now time.Time) string {
	if a.Status == authority.ApprovalVoid {
		since := ""
		if a.VoidedAt != nil {
			since = " since " + a.VoidedAt.UTC().Format(time.DateTime)
		}
		return "void" + since + ": " + a.VoidReason + "; a call needs a new approval"
	}
	// a spent or expired approval allows nothing more: a later change
	// voids nothing, and its history reads as it happened
	if st == nil || a.UsedAt != nil || approvalExpired(a, now) {
		return ""
	}
	if why := authority.ApprovalVoids(st.approvalOf(a)); why != "" {
		return "void: " + why + " it was approved; a call needs a new approval"
	}
	return ""
}
