package models

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

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

// Caps on approval requests waiting for a reviewer: a run (a gateway
// session) and an agent (all its runs and runtimes) each have at most
// this many pending; a request past either is refused
// (*TooManyApprovalsError), nothing filed.
const (
	MaxPendingApprovalsPerRun   = 10
	MaxPendingApprovalsPerAgent = 100
	// MaxPendingApprovalsPerKey caps one runtime key's pending requests
	// for an agent, and MaxPendingApprovalsPerSubject one subject's
	// through one key (the key asserts the subject, review #19), so no one
	// key or user fills the agent's queue for everyone (attack #7).
	MaxPendingApprovalsPerKey     = 25
	MaxPendingApprovalsPerSubject = 20
)

// TooManyApprovalsError refuses a new approval request past a cap: Scope
// says whose ("run", "key", "subject" or "agent"), Limit the cap.
type TooManyApprovalsError struct {
	Scope string
	Limit int
}

func (e *TooManyApprovalsError) Error() string {
	return fmt.Sprintf("models: this %s already has %d approval requests waiting for a reviewer, the most it may have", e.Scope, e.Limit)
}

// Whose names the cap's scope for a person: "this conversation", "this
// runtime key", "this subject" or "this agent".
func (e *TooManyApprovalsError) Whose() string {
	switch e.Scope {
	case "run":
		return "this conversation"
	case "key":
		return "this runtime key"
	case "subject":
		return "this subject"
	}
	return "this agent"
}

// lockApprovals takes, on Postgres, the agent's approval-request lock
// until the transaction ends, so two replicas filing at once see each
// other's request (reuse) and count each other (caps).
func (s *Store) lockApprovals(ctx context.Context, agent string) error {
	if s.dialect != DialectPostgres {
		return nil
	}
	return s.with(ctx).Exec("SELECT pg_advisory_xact_lock(7024, hashtext(?))", agent).Error
}

// approvalRoom refuses a new request of a past the pending caps of its
// run, key, subject (per key) and agent (under lockApprovals: every count is within
// the agent).
func (s *Store) approvalRoom(ctx context.Context, a Approval) error {
	caps := []struct {
		scope, where string
		arg          any
		limit        int
		on           bool
	}{
		{"run", "run = ?", a.Run, MaxPendingApprovalsPerRun, a.Run != ""},
		{"key", "key_id = ?", a.KeyID, MaxPendingApprovalsPerKey, a.KeyID != 0},
		// the caller asserts the subject (X-Subject-Id), so the subject's
		// cap counts per key: one key filling a subject's queue does not
		// block that subject's calls through the agent's other keys (review #19)
		{"subject", "key_id = ? AND subject = ?", []any{a.KeyID, a.Subject}, MaxPendingApprovalsPerSubject, a.Subject != ""},
		{"agent", "1 = ?", 1, MaxPendingApprovalsPerAgent, true},
	}
	for _, c := range caps {
		if !c.on {
			continue
		}
		var n int64
		args := []any{authority.ApprovalPending, a.Agent}
		if many, ok := c.arg.([]any); ok {
			args = append(args, many...)
		} else {
			args = append(args, c.arg)
		}
		if err := s.with(ctx).Model(&Approval{}).Where("status = ? AND agent = ? AND "+c.where, args...).Count(&n).Error; err != nil {
			return err
		}
		if n >= int64(c.limit) {
			return &TooManyApprovalsError{Scope: c.scope, Limit: c.limit}
		}
	}
	return nil
}

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
	out := &authority.Approval{Found: true, Ref: a.Ref, Status: a.Status, Agent: a.Agent, Subject: a.Subject, Tool: a.Tool, Digest: a.Digest, ArgsDigest: a.ArgsDigest,
		SingleUse: a.SingleUse, Used: a.UsedAt != nil, DecidedBy: a.DecidedBy, Reason: a.Reason,
		WithdrawnBy: a.WithdrawnBy, WithdrawReason: a.WithdrawReason}
	if a.Until != nil {
		out.Until = a.Until.UTC()
	}
	return out
}

// RequestApproval records an approval request, audited. There is one
// pending request per call: agent, subject, tool, digest and arguments
// digest. A request for a call that already has one pending, whichever
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
// and a call a reviewer denied less than DenialHolds ago, with no request
// pending, is a *DeniedCallError; neither files anything.
func (s *Store) RequestApproval(ctx context.Context, actor string, a Approval) (*Approval, bool, error) {
	if authority.ViewIsCut(a.ArgsView) {
		return nil, false, fmt.Errorf("models: request approval: %w", ErrUnseeableRequest)
	}
	created := false
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.lockApprovals(ctx, a.Agent); err != nil {
			return err
		}
		var old Approval
		err := tx.with(ctx).Where("status = ? AND agent = ? AND subject = ? AND tool = ? AND digest = ? AND args_digest = ?", authority.ApprovalPending, a.Agent, a.Subject, a.Tool, a.Digest, a.ArgsDigest).
			Order("id").Limit(1).Find(&old).Error
		if approvalLookedUp != nil {
			approvalLookedUp()
		}
		if err != nil {
			return err
		}
		if old.ID != 0 {
			asked, err := tx.askedBy(ctx, &old, a.KeyID)
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
			Detail: fmt.Sprintf("subject %q (%s): %s", clipTo(a.Subject, 200), a.Origin, clipTo(a.Summary, 300))})
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

// ApprovalByRef finds an approval by its reference (ErrNotFound).
func (s *Store) ApprovalByRef(ctx context.Context, ref string) (*Approval, error) {
	var a Approval
	if err := s.with(ctx).Where("ref = ?", ref).First(&a).Error; err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

// Approvals lists approval requests, pending first, then the newest
// decided ones (at most limit in all).
func (s *Store) Approvals(ctx context.Context, limit int) ([]Approval, error) {
	var pending, decided []Approval
	if err := s.with(ctx).Where("status = ?", authority.ApprovalPending).Order("id").Limit(limit).Find(&pending).Error; err != nil {
		return nil, fmt.Errorf("models: approvals: %w", err)
	}
	if err := s.with(ctx).Where("status <> ?", authority.ApprovalPending).Order("id DESC").Limit(limit).Find(&decided).Error; err != nil {
		return nil, fmt.Errorf("models: approvals: %w", err)
	}
	out := append(pending, decided...)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

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
// reason or a bad window is a ValidationError.
func (s *Store) DecideApproval(ctx context.Context, actor, ref string, d ApprovalDecision, now time.Time) (*Approval, error) {
	fields := map[string]string{}
	switch {
	case len([]rune(d.Reason)) == 0:
		fields["reason"] = "say why (the audit keeps it)"
	case len([]rune(d.Reason)) > MaxApprovalReason:
		fields["reason"] = fmt.Sprintf("at most %d characters", MaxApprovalReason)
	}
	if d.Approve && !d.SingleUse && (!d.Until.After(now) || d.Until.Sub(now) > MaxApprovalWindow) {
		fields["until"] = fmt.Sprintf("a time-bound approval holds from now up to %s", MaxApprovalWindow)
	}
	if len(fields) > 0 {
		return nil, &ValidationError{Fields: fields}
	}
	var a Approval
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.with(ctx).Where("ref = ?", ref).First(&a).Error; err != nil {
			return notFound(err)
		}
		if !authority.CanDecideApproval(actor, a.Subject) {
			return ErrSelfDecision
		}
		if d.Approve {
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
		if a.Status != authority.ApprovalPending {
			return ErrConflict
		}
		if d.Approve && authority.ViewIsCut(a.ArgsView) {
			return ErrUnseenArguments
		}
		at := now.UTC()
		upd := map[string]any{"decided_by": clipTo(actor, 64), "decided_at": at, "reason": d.Reason}
		action := "approval.deny"
		upd["status"] = authority.ApprovalDenied
		if d.Approve {
			action = "approval.approve"
			upd["status"], upd["single_use"] = authority.ApprovalApproved, d.SingleUse
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
			return ErrConflict
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
	if err != nil {
		return nil, fmt.Errorf("models: decide approval %s: %w", ref, err)
	}
	return &a, nil
}

// WithdrawApproval takes back an approved approval, audited in the same
// transaction: it allows no further call, and the next check of a binding
// that pinned it revokes that binding for good. Only an approved one that
// is still unspent can be withdrawn (ErrConflict otherwise); the reason is
// required (ValidationError). Withdrawing takes a power away, so it has no
// four-eyes rule: the approver, another reviewer or an admin may.
func (s *Store) WithdrawApproval(ctx context.Context, actor, ref, reason string, now time.Time) (*Approval, error) {
	switch {
	case len([]rune(reason)) == 0:
		return nil, &ValidationError{Fields: map[string]string{"reason": "say why (the audit keeps it)"}}
	case len([]rune(reason)) > MaxApprovalReason:
		return nil, &ValidationError{Fields: map[string]string{"reason": fmt.Sprintf("at most %d characters", MaxApprovalReason)}}
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

// migrateApprovalWithdrawals (migration 114) records who took an
// approval back, when and why.
func migrateApprovalWithdrawals(tx *gorm.DB, _ string) error {
	for _, col := range []string{"WithdrawnBy", "WithdrawnAt", "WithdrawReason"} {
		if tx.Migrator().HasColumn(&Approval{}, col) {
			continue
		}
		if err := tx.Migrator().AddColumn(&Approval{}, col); err != nil {
			return err
		}
	}
	return nil
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

// CallApproval is the approval request for one call — agent, subject,
// tool at its exact digest, arguments digest (ApprovalArgsDigest) — that
// the gateway acts on, whichever session or caller filed it (ErrNotFound
// when none): the newest approved one still usable at now (not spent, not
// past its window), which a call that presents none presents; else the
// oldest pending one, the one RequestApproval reuses, so a refusal names
// the request a reviewer finds.
func (s *Store) CallApproval(ctx context.Context, agent, subject, tool, digest, argsDigest string, now time.Time) (*Approval, error) {
	var a Approval
	q := s.with(ctx).Where("agent = ? AND subject = ? AND tool = ? AND digest = ? AND args_digest = ? AND (status = ? OR status = ? AND used_at IS NULL AND (until IS NULL OR until > ?))",
		agent, subject, tool, digest, argsDigest, authority.ApprovalPending, authority.ApprovalApproved, now.UTC()).
		Order(clause.OrderBy{Expression: clause.Expr{SQL: "CASE WHEN status = ? THEN -id ELSE id END", Vars: []any{authority.ApprovalApproved}}})
	if err := q.Take(&a).Error; err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

// approvalArgsSecretName names the key of approvals' argument digests
// among the server secrets.
const approvalArgsSecretName = "approval-arguments"

// ApprovalArgsDigest is the digest an approval request keeps of the one
// call's arguments (canonical JSON) it was made for: an HMAC under a
// server secret over the tool's id and digest and the arguments, so a
// dump cannot match a small argument space by guessing.
func (s *Store) ApprovalArgsDigest(ctx context.Context, tool, digest string, canonical []byte) (string, error) {
	key, err := s.Secret(ctx, approvalArgsSecretName)
	if err != nil {
		return "", fmt.Errorf("models: approval arguments digest: %w", err)
	}
	mac := hmac.New(sha256.New, key)
	for _, part := range [][]byte{[]byte(tool), []byte(digest), canonical} {
		mac.Write([]byte(strconv.Itoa(len(part)) + ":"))
		mac.Write(part)
	}
	return hex.EncodeToString(mac.Sum(nil)), nil
}

// migrateApprovalArguments (migration 240) binds an approval request to
// one call's arguments: their digest and the reviewer's view of them.
// Existing requests keep "": made without arguments, they hold as before.
func migrateApprovalArguments(tx *gorm.DB, _ string) error {
	for _, col := range []string{"ArgsDigest", "ArgsView"} {
		if tx.Migrator().HasColumn(&Approval{}, col) {
			continue
		}
		if err := tx.Migrator().AddColumn(&Approval{}, col); err != nil {
			return err
		}
	}
	return nil
}

// migrateApprovalKeys (migration 243) records the runtime key a request
// was filed through; earlier requests keep 0 (none known).
func migrateApprovalKeys(tx *gorm.DB, _ string) error {
	if tx.Migrator().HasColumn(&Approval{}, "KeyID") {
		return nil
	}
	return tx.Migrator().AddColumn(&Approval{}, "KeyID")
}

// migrateApprovalCalls (migration 242) indexes approval requests by their
// call, which RequestApproval and CallApproval look them up by.
func migrateApprovalCalls(tx *gorm.DB, _ string) error {
	return tx.Exec("CREATE INDEX IF NOT EXISTS idx_approvals_call ON approvals (agent, subject, tool, digest, args_digest)").Error
}

// migrateApprovalRuns (migration 113) records the run that filed an
// approval request.
func migrateApprovalRuns(tx *gorm.DB, _ string) error {
	if tx.Migrator().HasColumn(&Approval{}, "Run") {
		return nil
	}
	if err := tx.Migrator().AddColumn(&Approval{}, "Run"); err != nil {
		return err
	}
	return tx.Migrator().CreateIndex(&Approval{}, "Run")
}

// migrateApprovals (migration 111) adds approval requests.
func migrateApprovals(tx *gorm.DB, _ string) error {
	return tx.Migrator().CreateTable(&Approval{})
}
