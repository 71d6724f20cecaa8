package authority

import (
	"fmt"
	"time"
)

// Approval states (the authority rules: approvals close the loop).
const (
	ApprovalPending  = "pending"
	ApprovalApproved = "approved"
	ApprovalDenied   = "denied"
	// ApprovalWithdrawn is an approval a reviewer or admin took back
	// after granting it: it allows nothing more, and a binding that
	// pinned it is revoked for good.
	ApprovalWithdrawn = "withdrawn"
)

// Approval is an approval request a check presents by its reference:
// scoped to one agent, subject, tool and digest; once approved it is
// single-use (Used after its first allowed call) or time-bound (valid
// until Until). Found is false when the reference named nothing.
type Approval struct {
	Found   bool
	Ref     string
	Status  string
	Agent   string
	Subject string
	Tool    string
	Digest  string
	// ArgsDigest is the digest of the one call's canonical arguments the
	// request was made for: the approval holds only for a call with the
	// same digest. "" is a request made without arguments (by a runtime
	// through the API), which holds only for a check made without
	// arguments: never for a call whose arguments are known (a gateway
	// call always has them).
	ArgsDigest string
	// SingleUse approvals allow one call; the others hold until Until.
	SingleUse bool
	Used      bool
	Until     time.Time
	DecidedBy string
	Reason    string
	// WithdrawnBy and WithdrawReason say who took an approval back, and why.
	WithdrawnBy    string
	WithdrawReason string
}

// ApprovalVerdict says whether approval a lets subject's agent call
// tool t at its digest now, with arguments whose digest is argsDigest
// ("" when the call's arguments are not known): "" when it does, else why
// not (for the host's trace). An approval made for one call's arguments
// holds for a call with those arguments only; one made without arguments
// holds only for a check made without them, never for a call whose
// arguments are known. It is the one rule the
// check, the pages and the gateway share.
func ApprovalVerdict(a *Approval, agent, subject string, t Tool, argsDigest string, now time.Time) string {
	switch {
	case a == nil:
		return "no approval presented"
	case !a.Found:
		return "approval: unknown reference"
	case a.Agent != agent || a.Subject != subject || a.Tool != t.ID:
		return fmt.Sprintf("approval %s: issued for agent %s, subject %q, tool %s", a.Ref, a.Agent, a.Subject, a.Tool)
	case a.Digest != t.Digest:
		return fmt.Sprintf("approval %s: approved for descriptor %.12s, the tool is now %.12s", a.Ref, a.Digest, t.Digest)
	case a.ArgsDigest == "" && argsDigest != "":
		return fmt.Sprintf("approval %s: made without arguments, so it holds for no call with arguments; a call with these arguments needs an approval made for them", a.Ref)
	case a.ArgsDigest != "" && argsDigest == "":
		return fmt.Sprintf("approval %s: approved for one call's exact arguments; present it with the call's arguments", a.Ref)
	case a.ArgsDigest != "" && a.ArgsDigest != argsDigest:
		return fmt.Sprintf("approval %s: approved for other arguments than this call's; a call with these arguments needs its own approval", a.Ref)
	case a.Status == ApprovalPending:
		return fmt.Sprintf("approval %s: still pending", a.Ref)
	case a.Status == ApprovalDenied:
		return fmt.Sprintf("approval %s: denied by %s: %s", a.Ref, a.DecidedBy, a.Reason)
	case a.Status == ApprovalWithdrawn:
		return fmt.Sprintf("approval %s: withdrawn by %s: %s", a.Ref, a.WithdrawnBy, a.WithdrawReason)
	case a.Status != ApprovalApproved:
		return fmt.Sprintf("approval %s: %s", a.Ref, a.Status)
	case a.SingleUse && a.Used:
		return fmt.Sprintf("approval %s: single-use, already used", a.Ref)
	case !a.SingleUse && !now.Before(a.Until):
		return fmt.Sprintf("approval %s: expired at %s", a.Ref, a.Until.UTC().Format(time.RFC3339))
	}
	return ""
}

// CanDecideApproval is the four-eyes rule: nobody approves or denies a
// request made for themselves (the request's subject).
func CanDecideApproval(actor, subject string) bool {
	return actor != "" && actor != subject
}

// Withdrawn reports whether a is an approval taken back after its grant.
func (a *Approval) Withdrawn() bool {
	return a != nil && a.Found && a.Status == ApprovalWithdrawn
}
