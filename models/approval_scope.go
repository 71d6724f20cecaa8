package models

import (
	"context"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// recordedGroups are the groups a was requested with, nil when none were
// recorded (a request made before they were: authority.ApprovalInScope
// then leaves it to its pin); "[]" is the empty set, not nil.
func (a *Approval) recordedGroups() []string {
	if a.GroupsJSON == "" {
		return nil
	}
	gs := a.Groups()
	if gs == nil {
		gs = []string{}
	}
	return gs
}

// InScope reports whether a was made under the group set groups and the
// (resolved) profile: the approval holds for such calls only
// (authority.ApprovalInScope), and one pending request per call is one
// per group set and profile too.
func (a *Approval) InScope(groups []string, profile string) bool {
	return authority.ApprovalInScope(&authority.Approval{Groups: a.recordedGroups(), Profile: a.Profile}, groups, profile)
}

// maxScopedPending bounds the pending requests of one call (agent,
// subject, tool, digest, arguments) read to find the one of its group
// set and profile: more than the per-agent cap never exist.
const maxScopedPending = MaxPendingApprovalsPerAgent

// pendingInScope is the oldest pending request for a's call made under
// a's groups and profile (a zero Approval when none), the one
// RequestApproval reuses; an expired one (ApprovalRequestTTL) is not
// reused: the call files a new request.
func (s *Store) pendingInScope(ctx context.Context, a Approval) (Approval, error) {
	var rows []Approval
	err := s.with(ctx).Where("status = ? AND agent = ? AND subject = ? AND tool = ? AND digest = ? AND args_digest = ? AND profile = ? AND created_at > ?",
		authority.ApprovalPending, a.Agent, a.Subject, a.Tool, a.Digest, a.ArgsDigest, a.Profile, s.requestsSince()).
		Order("id").Limit(maxScopedPending).Find(&rows).Error
	if err != nil {
		return Approval{}, err
	}
	groups := a.Groups()
	for _, r := range rows {
		if r.InScope(groups, a.Profile) {
			return r, nil
		}
	}
	return Approval{}, nil
}

// ScopedCallApproval is CallApproval among the requests made under the
// group set groups and the (resolved) profile that hold for a call
// through the runtime key key (ApprovalHoldsFor; 0: none): the ones that
// can hold for a call under them. A request that cannot be read as
// holding is passed over.
func (s *Store) ScopedCallApproval(ctx context.Context, agent, subject string, groups []string, profile, tool, digest, argsDigest, keyOwner string, key uint, now time.Time) (*Approval, error) {
	return s.callApproval(ctx, agent, subject, tool, digest, argsDigest, keyOwner, now, func(a *Approval) bool {
		if !a.InScope(groups, profile) {
			return false
		}
		holds, err := s.ApprovalHoldsFor(ctx, a, key)
		return err == nil && holds
	})
}

// ShownSummary is the request's summary as a person may see it: any
// credential written into it masked (authority.MaskFreeText), for a
// request filed before summaries holding one were refused.
func (a *Approval) ShownSummary() string { return authority.MaskFreeText(a.Summary) }
