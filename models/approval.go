package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// Approval is an approval request (the authority rules): a runtime, or a check
// answering approval_required, asks a human to let one subject's agent
// call one exact tool version; a reviewer or admin approves it
// (single-use, or until a time) or denies it, with a reason, audited.
// The runtime presents its Ref when binding or calling.
type Approval struct {
	ID      uint   `gorm:"primaryKey"`
	Ref     string `gorm:"size:40;uniqueIndex;not null"`
	Status  string `gorm:"size:16;index;not null"`
	Agent   string `gorm:"size:64;not null"`
	Subject string `gorm:"size:200"`
	// GroupsJSON are the subject's groups the request was made with.
	GroupsJSON string `gorm:"type:text"`
	Tool       string `gorm:"size:200;not null"`
	Digest     string `gorm:"size:64;not null"`
	// ArgsDigest is the keyed digest (ApprovalArgsDigest) of the one
	// call's canonical arguments the request was made for: approved, it
	// lets that call run and no other. "" for a request made without
	// arguments (migration 240).
	ArgsDigest string `gorm:"size:64;not null;default:''"`
	// ArgsView is what the reviewer sees of those arguments
	// (authority.ArgumentsView: secrets masked, at most
	// authority.MaxArgumentsView bytes); "" when none were sent.
	ArgsView string `gorm:"type:text"`
	// ArgsHidden says ArgsView hides something of the arguments (a value
	// masked, the view cut, or nothing shown: authority.View.Hides): such a
	// request is never filed nor approved (migration 248).
	ArgsHidden bool `gorm:"not null;default:false"`
	// Summary is the runtime's own account of the intended call (never
	// its arguments); a check-made request says so.
	Summary string `gorm:"size:1000" text:"person"`
	Origin  string `gorm:"size:16"`
	// Run is the run whose call-time check filed the request ("" for
	// one filed through the API or by a check outside a run): the gateway
	// presents the run's own approved request on the run's next call.
	Run         string `gorm:"size:128;index"`
	RequestedBy string `gorm:"size:64"`
	// KeyID is the runtime key the request was filed through (0: none):
	// its pending requests are capped per agent
	// (MaxPendingApprovalsPerKey), and its owner does not approve them
	// (migration 243).
	KeyID     uint `gorm:"not null;default:0"`
	CreatedAt time.Time
	DecidedBy string `gorm:"size:64"`
	DecidedAt *time.Time
	Reason    string `gorm:"size:500" text:"person"`
	SingleUse bool
	Until     *time.Time
	UsedAt    *time.Time
	// WithdrawnBy, WithdrawnAt and WithdrawReason record an approval a
	// reviewer or admin took back after granting it (migration 114).
	WithdrawnBy    string `gorm:"size:64"`
	WithdrawnAt    *time.Time
	WithdrawReason string `gorm:"size:500" text:"person"`
	// Profile is the profile the request's check ran under (resolved: the
	// agent's default when the call named none; "" for none), whose
	// version the approval pins.
	Profile string `gorm:"size:64;not null;default:''"`
	// AuthorityPin is the authority the approval was decided under
	// (authority.Pin: its groups', agent's, profile's and tool review's
	// versions, read when approved); a call under another voids it for
	// good (migration 252). "" pins nothing.
	AuthorityPin string `gorm:"size:80;not null;default:''"`
	// VoidedAt and VoidReason record when a call found the pinned
	// authority changed, and what changed (status ApprovalVoid).
	VoidedAt   *time.Time
	VoidReason string `gorm:"size:200"`
}

// Approval origins.
const (
	OriginCheck   = "check"
	OriginRuntime = "runtime"
)

// Limits of an approval's texts.
const (
	MaxApprovalSummary = 1000
	MaxApprovalReason  = 500
	// MaxApprovalWindow bounds a time-bound approval.
	MaxApprovalWindow = 7 * 24 * time.Hour
)

// ApprovalPrefix starts every approval reference.
const ApprovalPrefix = "apr_"

// ErrSelfDecision is a decision on a request made for the decider.
var ErrSelfDecision = errors.New("models: nobody approves or denies a request made for themselves")

// ErrKeyOwnerDecision refuses approving a request by the person who
// created a runtime key that asked for it (the one that filed it or any
// whose call reused it: ApprovalAsker): they could file and approve their
// own calls. Denying it stays possible.
var ErrKeyOwnerDecision = errors.New("models: nobody approves a request filed through a runtime key they created")

// ErrUnseenArguments refuses approving a request whose arguments did not
// fit its reviewer's view (authority.ViewIsCut): nobody approves what they
// cannot see. Denying it stays possible.
var ErrUnseenArguments = fmt.Errorf("models: the request's arguments are larger than the %d-byte view, so nobody can see all it would allow: deny it and have the runtime make a smaller call", authority.MaxArgumentsView)

// Authority is the approval as a check reads it.
func (a *Approval) Authority() *authority.Approval {
	if a == nil {
		return &authority.Approval{}
	}
	out := &authority.Approval{Found: true, Ref: a.Ref, Status: a.Status, Agent: a.Agent, Subject: a.Subject, Groups: a.recordedGroups(), Profile: a.Profile, Tool: a.Tool, Digest: a.Digest, ArgsDigest: a.ArgsDigest,
		SingleUse: a.SingleUse, Used: a.UsedAt != nil, DecidedBy: a.DecidedBy, Reason: a.Reason,
		WithdrawnBy: a.WithdrawnBy, WithdrawReason: a.WithdrawReason, Pin: a.AuthorityPin, VoidReason: a.VoidReason, Filed: a.CreatedAt.UTC()}
	if a.Until != nil {
		out.Until = a.Until.UTC()
	}
	return out
}

// RequestApproval records an approval request, audited. There is one
// pending request per call: agent, subject, tool, digest, arguments
// digest, group set and profile. A request for a call that already has one pending, whichever
// session, run, caller or key filed it, reuses that one (the oldest)
// instead of adding another, so reviewers see each call once and every
// caller learns the one reference to present; on Postgres the look-up runs
// under the agent's lock (SQLite's write lock serializes it), so two
// replicas filing at once find each other's. created says which. A
// check's request without a summary says the runtime sent none; a
// runtime's request reusing such a one gives it the runtime's summary. A new
// request past the pending caps (MaxPendingApprovalsPerRun,
// MaxPendingApprovalsPerAgent) is a *TooManyApprovalsError.
//
// Every route files through here, so the filing rules hold alike: a call
// whose arguments do not fit the reviewer's view is ErrUnseeableRequest,
// one whose view hides anything else (a value masked, nothing shown: ArgsHidden) is ErrMaskedRequest (an ErrUnseeableRequest),
// and a call a reviewer denied less than DenialHolds ago, with no request
// pending, is a *DeniedCallError; neither files anything.
func (s *Store) RequestApproval(ctx context.Context, actor string, a Approval) (*Approval, bool, error) {
	if authority.ViewIsCut(a.ArgsView) {
		return nil, false, fmt.Errorf("models: request approval: %w", ErrUnseeableRequest)
	}
	if a.ArgsHidden {
		return nil, false, fmt.Errorf("models: request approval: %w", ErrMaskedRequest)
	}
	// a credential in the summary is never kept: not on a page, not in
	// the audit trail (the REST route refuses one first)
	a.Summary = authority.MaskFreeText(a.Summary)
	created := false
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.lockApprovals(ctx, a.Agent); err != nil {
			return err
		}
		old, err := tx.pendingInScope(ctx, a)
		if approvalLookedUp != nil {
			approvalLookedUp()
		}
		if err != nil {
			return err
		}
		if old.ID != 0 {
			asked, err := tx.ApprovalAskedBy(ctx, &old, a.KeyID)
			if err != nil {
				return err
			}
			if err := tx.recordAsker(ctx, old.ID, a.KeyID); err != nil {
				return err
			}
			if asked && a.Origin == OriginRuntime && a.Summary != "" && old.Summary == checkSummary {
				// the runtime's own account of the call replaces the
				// check's placeholder, so the reviewer reads it
				if err := tx.with(ctx).Model(&Approval{}).Where("id = ?", old.ID).Update("summary", a.Summary).Error; err != nil {
					return err
				}
				old.Summary = a.Summary
				if err := tx.Audit(ctx, Event{Actor: actor, Action: "approval.summary", Subject: fmt.Sprintf("approval:%s %s/%s", old.Ref, old.Agent, old.Tool), After: old.Digest,
					Detail: fmt.Sprintf("the runtime's summary of the pending request: %s", clipTo(a.Summary, 300))}); err != nil {
					return err
				}
			}
			a = old
			return nil
		}
		den, err := tx.CallDenial(ctx, a.Agent, a.Subject, a.Tool, a.Digest, a.ArgsDigest, time.Now())
		if err != nil {
			return err
		}
		if den != nil {
			return &DeniedCallError{Approval: den}
		}
		if a.Origin == OriginCheck && a.Summary == "" {
			a.Summary = checkSummary
		}
		if err := tx.approvalRoom(ctx, a); err != nil {
			return err
		}
		a.Ref = ApprovalPrefix + RandomToken(24)
		a.Status = authority.ApprovalPending
		a.RequestedBy = clipTo(actor, 64)
		if a.GroupsJSON == "" {
			a.GroupsJSON = "[]"
		}
		if err := tx.with(ctx).Create(&a).Error; err != nil {
			return err
		}
		created = true
		if err := tx.recordAsker(ctx, a.ID, a.KeyID); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "approval.request", Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), After: a.Digest,
			Detail: withText(fmt.Sprintf("subject %q (%s)", clipTo(a.Subject, 200), a.Origin), clipTo(a.Summary, 300))})
	})
	if err != nil {
		return nil, false, fmt.Errorf("models: request approval: %w", err)
	}
	return &a, created, nil
}

// checkSummary is the summary of a request a check filed without the
// runtime's account of the call.
const checkSummary = "(asked by a call-time check; the runtime sent no summary)"

// approvalLookedUp, when set (tests), runs in RequestApproval right after
// the look-up of a pending request to reuse.
var approvalLookedUp func()

// ApprovalByRef finds an approval by its reference (ErrNotFound); a
// pending request past ApprovalRequestTTL reads as expired.
func (s *Store) ApprovalByRef(ctx context.Context, ref string) (*Approval, error) {
	var a Approval
	if err := s.with(ctx).Where("ref = ?", ref).First(&a).Error; err != nil {
		return nil, notFound(err)
	}
	s.settle(&a, time.Now())
	return &a, nil
}

// Approvals lists approval requests, the ones still waiting for a
// reviewer first, then the newest decided or expired ones (at most limit
// in all). A pending request past ApprovalRequestTTL is listed, and
// reads, as expired, whether or not a sweep recorded it yet.
func (s *Store) Approvals(ctx context.Context, limit int) ([]Approval, error) {
	var pending, decided []Approval
	now := time.Now()
	since := now.UTC().Add(-s.ApprovalRequestTTL())
	if err := s.with(ctx).Where("status = ? AND created_at > ?", authority.ApprovalPending, since).Order("id").Limit(limit).Find(&pending).Error; err != nil {
		return nil, fmt.Errorf("models: approvals: %w", err)
	}
	if err := s.with(ctx).Where("NOT (status = ? AND created_at > ?)", authority.ApprovalPending, since).Order("id DESC").Limit(limit).Find(&decided).Error; err != nil {
		return nil, fmt.Errorf("models: approvals: %w", err)
	}
	for i := range decided {
		s.settle(&decided[i], now)
	}
	out := append(pending, decided...)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}
