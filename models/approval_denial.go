package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/agentforge/console/instruction/authority"
)

// DenialHolds is how long a reviewer's denial of a call answers that
// same call (agent, subject, tool at its digest, arguments): within it the
// call is refused as denied and no new request is filed; after it, or
// with other arguments or another version of the tool, a call asks anew.
const DenialHolds = 24 * time.Hour

// CallDenial is the newest approval request for this call (agent,
// subject, tool at digest, arguments digest) when a reviewer denied it
// less than DenialHolds before now; nil when there is none, when the
// newest request for the call is not denied (a request filed after the
// denial, or an approval, answers instead), or when the denial is older.
func (s *Store) CallDenial(ctx context.Context, agent, subject, tool, digest, argsDigest string, now time.Time) (*Approval, error) {
	var a Approval
	err := s.with(ctx).Where("agent = ? AND subject = ? AND tool = ? AND digest = ? AND args_digest = ?", agent, subject, tool, digest, argsDigest).
		Order("id DESC").Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if a.Status != authority.ApprovalDenied || a.DecidedAt == nil || !a.DecidedAt.After(now.Add(-DenialHolds)) {
		return nil, nil
	}
	return &a, nil
}

// DeniedCallError refuses filing an approval request for a call a
// reviewer denied less than DenialHolds ago (CallDenial): Approval is the
// denied request, whose reference and reason the caller answers with.
type DeniedCallError struct {
	Approval *Approval
}

func (e *DeniedCallError) Error() string {
	return fmt.Sprintf("models: a reviewer denied this call (approval request %s) less than %s ago", e.Approval.Ref, DenialHolds)
}

// ErrUnseeableRequest refuses filing an approval request whose arguments
// do not fit the reviewer's view (authority.ViewIsCut): nobody approves
// what they cannot see whole, so such a request could only be denied.
var ErrUnseeableRequest = fmt.Errorf("models: the call's arguments take more than the reviewer's %d-byte view, so no request for them can ever be approved", authority.MaxArgumentsView)
