package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
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
	// through one key (the key asserts the subject), so no one
	// key or user fills the agent's queue for everyone.
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
	return fmt.Sprintf("models: this %s already has %s waiting for a reviewer, the most it may have", e.Scope, plural.Count(e.Limit, "approval request"))
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
		scope, where string // where: the cap's rows within the agent's pending ones ("" all)
		args         []any
		limit        int
		on           bool
	}{
		{"run", "run = ?", []any{a.Run}, MaxPendingApprovalsPerRun, a.Run != ""},
		{"key", "key_id = ?", []any{a.KeyID}, MaxPendingApprovalsPerKey, a.KeyID != 0},
		// the caller asserts the subject (X-Subject-Id), so the subject's
		// cap counts per key: one key filling a subject's queue does not
		// block that subject's calls through the agent's other keys
		{"subject", "key_id = ? AND subject = ?", []any{a.KeyID, a.Subject}, MaxPendingApprovalsPerSubject, a.Subject != ""},
		{"agent", "", nil, MaxPendingApprovalsPerAgent, true},
	}
	for _, c := range caps {
		if !c.on {
			continue
		}
		// an expired request waits for nobody: it holds no place
		q := s.with(ctx).Model(&Approval{}).Where("status = ? AND agent = ? AND created_at > ?", authority.ApprovalPending, a.Agent, s.requestsSince())
		if c.where != "" {
			q = q.Where(c.where, c.args...)
		}
		var n int64
		if err := q.Count(&n).Error; err != nil {
			return err
		}
		if n >= int64(c.limit) {
			return &TooManyApprovalsError{Scope: c.scope, Limit: c.limit}
		}
	}
	return nil
}
