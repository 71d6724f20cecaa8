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

// ErrMaskedRequest refuses filing an approval request whose reviewer's
// view hides an argument value (Approval.ArgsHidden): nobody approves what
// they cannot see, so such a request could only be denied. It is an
// ErrUnseeableRequest (errors.Is).
var ErrMaskedRequest error = unseenError{msg: "models: the reviewer's view of the call's arguments hides a value (one that reads as a secret, or every one when they cannot be shown), so no request for them can ever be approved", is: ErrUnseeableRequest}

// ErrMaskedArguments refuses approving a request whose view masks an
// argument value (Approval.ArgsHidden). Denying it stays possible. It is
// an ErrUnseenArguments (errors.Is).
var ErrMaskedArguments error = unseenError{msg: "models: the request's view masks an argument value that reads as a secret, so nobody can see all it would allow: deny it and have the runtime call without secrets in its arguments", is: ErrUnseenArguments}

// unseenError is an error that is also the broader error is.
type unseenError struct {
	msg string
	is  error
}

func (e unseenError) Error() string { return e.msg }

// Is reports whether target is e or the broader error it belongs to.
func (e unseenError) Is(target error) bool { return target == e.is }
