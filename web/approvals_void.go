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
	cs, err := s.checkState(ctx, "", 0)
	if err != nil {
		return nil
	}
	st, err := s.authorityAt(ctx, cs.CatalogGen, cs.ConfigGen)
	if err != nil {
		return nil
	}
	return st
}

// shownApproval is an approval's state as it is shown: the runtime API's
// status and void_reason and the Approvals page's badge and note come
// from it alone, so the two never disagree.
type shownApproval struct {
	// Status is the recorded status, or void when what the approval was
	// approved under changed since (found now: its next call records it).
	Status string
	// VoidReason is what changed, for a void approval ("" otherwise).
	VoidReason string
	// Note is the page's line on a void approval ("" otherwise).
	Note string
	// Lapsed says why a pending request can no longer be approved
	// (authority.RequestLapse): Status is then stale or expired.
	Lapsed string
}

// showApproval decides the state a is shown in at now, st the authority
// of now (nil when it cannot be read: only the recorded state is shown).
func showApproval(st *authState, a *models.Approval, now time.Time) shownApproval {
	if a.Status == authority.ApprovalVoid {
		since := ""
		if a.VoidedAt != nil {
			since = " since " + a.VoidedAt.UTC().Format(time.DateTime)
		}
		return shownApproval{Status: a.Status, VoidReason: a.VoidReason, Note: "void" + since + ": " + a.VoidReason + "; a call needs a new approval"}
	}
	// an expired request (recorded, or read as expired past its time)
	// can be neither approved nor denied: the next call files a new one
	if a.Status == authority.ApprovalExpired {
		ap := a.Authority()
		if st != nil {
			ap = st.approvalOf(a)
		}
		_, why := authority.RequestLapse(ap, "", now)
		return shownApproval{Status: a.Status, Lapsed: why}
	}
	// a pending request whose tool changed since it was filed (stale), or
	// that waited past its time (expired), can no longer be approved
	if st != nil && a.Status == authority.ApprovalPending {
		ap := st.approvalOf(a)
		reason, why := authority.RequestLapse(ap, st.tools[a.Tool].Digest, now)
		if why != "" {
			status := authority.RequestExpired
			if reason == authority.ReasonApprovalToolChanged {
				status = authority.RequestStale
			}
			return shownApproval{Status: status, Lapsed: why}
		}
	}
	// a spent or expired approval allows nothing more: a later change
	// voids nothing, and its history reads as it happened
	if st == nil || a.Status != authority.ApprovalApproved || a.UsedAt != nil || approvalExpired(a, now) {
		return shownApproval{Status: a.Status}
	}
	if why := authority.ApprovalVoids(st.approvalOf(a)); why != "" {
		return shownApproval{Status: authority.ApprovalVoid, VoidReason: why + " it was approved", Note: "void: " + why + " it was approved; a call needs a new approval"}
	}
	return shownApproval{Status: a.Status}
}
