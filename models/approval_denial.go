package models

import (
	"context"
	"errors"
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
