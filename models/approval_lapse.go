package models

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// DefaultApprovalRequestTTL is how long a pending approval request waits
// for a reviewer before it expires unapproved, unless
// CONSOLE_APPROVAL_REQUEST_TTL says otherwise; MinApprovalRequestTTL and
// MaxApprovalRequestTTL bound the setting.
const (
	DefaultApprovalRequestTTL = 24 * time.Hour
	MinApprovalRequestTTL     = time.Minute
	MaxApprovalRequestTTL     = 30 * 24 * time.Hour
)

// ParseApprovalRequestTTL reads CONSOLE_APPROVAL_REQUEST_TTL: a Go
// duration ("24h", "90m") within the bounds; "" is the default.
func ParseApprovalRequestTTL(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultApprovalRequestTTL, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("CONSOLE_APPROVAL_REQUEST_TTL: %q is not a duration (e.g. 24h or 90m)", s)
	}
	if d < MinApprovalRequestTTL || d > MaxApprovalRequestTTL {
		return 0, fmt.Errorf("CONSOLE_APPROVAL_REQUEST_TTL: %q is outside %s to %s", s, MinApprovalRequestTTL, MaxApprovalRequestTTL)
	}
	return d, nil
}

// SetApprovalRequestTTL sets how long a pending request waits for a
// reviewer (ParseApprovalRequestTTL's result).
func (s *Store) SetApprovalRequestTTL(d time.Duration) { s.requestTTL = d }

// ApprovalRequestTTL is how long a pending request waits for a reviewer
// before it expires unapproved.
func (s *Store) ApprovalRequestTTL() time.Duration {
	if s.requestTTL <= 0 {
		return DefaultApprovalRequestTTL
	}
	return s.requestTTL
}

// LapsedRequestError refuses approving a request that lapsed
// (authority.RequestLapse): its tool changed since it was filed, or it
// expired. Nothing was approved; denying it still works.
type LapsedRequestError struct {
	Reason string // authority.ReasonApprovalToolChanged or ReasonApprovalExpired
	Why    string
}

func (e *LapsedRequestError) Error() string { return "models: the request is " + e.Why }

// lapse is why pending request a can no longer be approved at now (""
// while it can), reading its tool's descriptor digest as it is now.
func (s *Store) lapse(ctx context.Context, a *Approval, now time.Time) (reason, why string, err error) {
	var digests []string
	if err := s.with(ctx).Model(&Tool{}).Where("id = ?", a.Tool).Limit(1).Pluck("digest", &digests).Error; err != nil {
		return "", "", err
	}
	current := ""
	if len(digests) == 1 {
		current = digests[0]
	}
	ap := a.Authority()
	ap.RequestTTL = s.ApprovalRequestTTL()
	reason, why = authority.RequestLapse(ap, current, now)
	return reason, why, nil
}

// requestsSince is the filing time before which a pending request has
// expired (ApprovalRequestTTL before now).
func (s *Store) requestsSince() time.Time {
	return time.Now().UTC().Add(-s.ApprovalRequestTTL())
}
