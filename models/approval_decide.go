package models

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// ApprovalDecision is a reviewer's answer to a pending request: approve
// (single-use, or until Until) or deny, with a reason.
type ApprovalDecision struct {
	Approve   bool
	Reason    string
	SingleUse bool
	Until     time.Time
}

// DecideApproval approves or denies a pending request, audited in the
// same transaction. Nobody decides a request made for themselves
// (ErrSelfDecision); a request already decided is ErrConflict; an empty
// reason or a bad window is a ValidationError; approving a request whose
// tool changed since it was filed is a *LapsedRequestError (it may still
// be denied); deciding one that waited longer than ApprovalRequestTTL,
// either way, records it expired (audited) and is a *LapsedRequestError.
func (s *Store) DecideApproval(ctx context.Context, actor, ref string, d ApprovalDecision, now time.Time) (*Approval, error) {
	fields := map[string]string{}
	if why := reasonProblem(d.Reason); why != "" {
		fields["reason"] = why
	}
	if d.Approve && !d.SingleUse && (!d.Until.After(now) || d.Until.Sub(now) > MaxApprovalWindow) {
		fields["until"] = fmt.Sprintf("a time-bound approval holds from now up to %s", MaxApprovalWindow)
	}
	if len(fields) > 0 {
		return nil, &ValidationError{Fields: fields}
	}
	var a Approval
	var lapsed *LapsedRequestError // set when this decision recorded the request expired
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.with(ctx).Where("ref = ?", ref).First(&a).Error; err != nil {
			return notFound(err)
		}
		if approvalDecideRead != nil {
			approvalDecideRead()
		}
		if !authority.CanDecideApproval(actor, a.Subject) {
			return ErrSelfDecision
		}
		if d.Approve {
			// under the agent's lock RequestApproval records askers with
			// (Postgres), so a key asking right now is among them
			if err := tx.lockApprovals(ctx, a.Agent); err != nil {
				return err
			}
			// every key that asked, not only the one that filed first: a
			// pending request is reused for each key asking the same call
			owners, err := tx.askingKeyOwners(ctx, &a)
			if err != nil {
				return err
			}
			for _, o := range owners {
				if authority.SameIdentity(actor, o) {
					return ErrKeyOwnerDecision
				}
			}
		}
		// a request past its time expires here if no sweep marked it
		// yet: recorded (audited) and refused, approve or deny alike
		if expired, err := tx.expire(ctx, &a, now); err != nil {
			return err
		} else if expired {
			lapsed = &LapsedRequestError{Reason: authority.ReasonApprovalExpired, Why: "expired: it waited for a reviewer longer than " + tx.ApprovalRequestTTL().String() + " without a decision; the next call files a new request"}
			return nil
		}
		if a.Status == authority.ApprovalExpired {
			return errRecordedExpired
		}
		if a.Status != authority.ApprovalPending {
			return ErrConflict
		}
		if d.Approve && authority.ViewIsCut(a.ArgsView) {
			return ErrUnseenArguments
		}
		if d.Approve && a.ArgsHidden {
			return ErrMaskedArguments
		}
		if d.Approve {
			// a request binds the tool version it was filed for and waits
			// ApprovalRequestTTL: approving a lapsed one would approve a
			// version nobody reviewed, or a call nobody waits for
			reason, why, err := tx.lapse(ctx, &a, now)
			if err != nil {
				return err
			}
			if why != "" {
				return &LapsedRequestError{Reason: reason, Why: why}
			}
		}
		at := now.UTC()
		upd := map[string]any{"decided_by": clipTo(actor, 64), "decided_at": at, "reason": d.Reason}
		action := "approval.deny"
		upd["status"] = authority.ApprovalDenied
		if d.Approve {
			// the authority the reviewer approves under: a change of it
			// after now voids the approval (VoidApproval)
			pin, err := tx.approvalPin(ctx, &a)
			if err != nil {
				return err
			}
			action = "approval.approve"
			upd["status"], upd["single_use"], upd["authority_pin"] = authority.ApprovalApproved, d.SingleUse, pin.String()
			a.AuthorityPin = pin.String()
			if !d.SingleUse {
				u := d.Until.UTC()
				upd["until"], a.Until = u, &u
			}
		}
		res := tx.with(ctx).Model(&Approval{}).Where("id = ? AND status = ?", a.ID, authority.ApprovalPending).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return tx.overtaken(ctx, a.ID)
		}
		a.Status, a.DecidedBy, a.DecidedAt, a.Reason, a.SingleUse = upd["status"].(string), actor, &at, d.Reason, d.SingleUse
		scope := "single-use"
		if d.Approve && !d.SingleUse {
			scope = "until " + a.Until.Format(time.RFC3339)
		}
		if !d.Approve {
			scope = "denied"
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: action, Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), After: a.Digest,
			Detail: fmt.Sprintf("subject %q, %s: %s", clipTo(a.Subject, 200), scope, clipTo(d.Reason, 300))})
	})
	if err == nil && lapsed != nil {
		err = lapsed
	}
	if err != nil {
		return nil, fmt.Errorf("models: decide approval %s: %w", ref, err)
	}
	return &a, nil
}

// errRecordedExpired refuses deciding a request recorded expired.
var errRecordedExpired = &LapsedRequestError{Reason: authority.ReasonApprovalExpired, Why: "expired: it waited for a reviewer past its time without a decision; the next call files a new request"}

// overtaken says why a decision's write found the request no longer
// pending: between its read and its write, another replica's expiry sweep
// recorded it expired (errRecordedExpired: nobody decided it), or another
// reviewer decided it (ErrConflict). On Postgres each statement of the
// transaction reads what has been committed, so this read sees the change.
func (s *Store) overtaken(ctx context.Context, id uint) error {
	var status []string
	if err := s.with(ctx).Model(&Approval{}).Where("id = ?", id).Pluck("status", &status).Error; err != nil {
		return err
	}
	if len(status) == 1 && status[0] == authority.ApprovalExpired {
		return errRecordedExpired
	}
	return ErrConflict
}

// approvalDecideRead, when set (tests), runs in DecideApproval right
// after it read the request.
var approvalDecideRead func()

// reasonProblem is what is wrong with a decision's or withdrawal's reason
// ("" when nothing): it is required, and at most MaxApprovalReason
// characters.
func reasonProblem(reason string) string {
	switch n := len([]rune(reason)); {
	case n == 0:
		return "say why (the audit keeps it)"
	case n > MaxApprovalReason:
		return fmt.Sprintf("at most %d characters", MaxApprovalReason)
	}
	return ""
}

// WithdrawApproval takes back an approved approval, audited in the same
// transaction: it allows no further call, and the next check of a binding
// that pinned it revokes that binding for good. Only an approved one that
// is still unspent can be withdrawn (ErrConflict otherwise); the reason is
// required (ValidationError). Withdrawing takes a power away, so it has no
// four-eyes rule: the approver, another reviewer or an admin may.
func (s *Store) WithdrawApproval(ctx context.Context, actor, ref, reason string, now time.Time) (*Approval, error) {
	if why := reasonProblem(reason); why != "" {
		return nil, &ValidationError{Fields: map[string]string{"reason": why}}
	}
	var a Approval
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.with(ctx).Where("ref = ?", ref).First(&a).Error; err != nil {
			return notFound(err)
		}
		at := now.UTC()
		res := tx.with(ctx).Model(&Approval{}).Where("id = ? AND status = ? AND used_at IS NULL", a.ID, authority.ApprovalApproved).
			Updates(map[string]any{"status": authority.ApprovalWithdrawn, "withdrawn_by": clipTo(actor, 64), "withdrawn_at": at, "withdraw_reason": reason})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		a.Status, a.WithdrawnBy, a.WithdrawnAt, a.WithdrawReason = authority.ApprovalWithdrawn, clipTo(actor, 64), &at, reason
		return tx.Audit(ctx, Event{Actor: actor, Action: "approval.withdraw", Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), After: a.Digest,
			Detail: fmt.Sprintf("subject %q: %s", clipTo(a.Subject, 200), clipTo(reason, 300))})
	})
	if err != nil {
		return nil, fmt.Errorf("models: withdraw approval %s: %w", ref, err)
	}
	return &a, nil
}

// SpendApproval spends a single-use approval for one allowed call,
// atomically across replicas: of two calls racing on it, exactly one
// spends it; the other gets ErrConflict. Audited.
func (s *Store) SpendApproval(ctx context.Context, actor, ref string, now time.Time) error {
	return s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Model(&Approval{}).Where("ref = ? AND status = ? AND single_use = ? AND used_at IS NULL", ref, authority.ApprovalApproved, true).
			Update("used_at", now.UTC())
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "approval.use", Subject: "approval:" + ref, Detail: "single-use approval spent by an allowed call"})
	})
}

// ReleaseApproval gives back a single-use approval its call spent when
// the server refused that call before running it: the approval allows
// one call again. Only the call that spent it releases it (SpendApproval
// lets one call spend it), so it is released only while still approved
// and used. Audited.
func (s *Store) ReleaseApproval(ctx context.Context, actor, ref string) error {
	return s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Model(&Approval{}).Where("ref = ? AND status = ? AND single_use = ? AND used_at IS NOT NULL", ref, authority.ApprovalApproved, true).
			Update("used_at", nil)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "approval.release", Subject: "approval:" + ref, Detail: "single-use approval given back: the server refused its call before running it"})
	})
}
