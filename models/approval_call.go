package models

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm/clause"

	"github.com/agentforge/console/instruction/authority"
)

// CallApproval is the approval request for one call — agent, subject,
// tool at its exact digest, arguments digest (ApprovalArgsDigest) — that
// the gateway acts on, whichever session or caller filed it (ErrNotFound
// when none): the newest approved one still usable at now (not spent, not
// past its window), which a call that presents none presents; else the
// oldest pending one not expired (ApprovalRequestTTL), the one
// RequestApproval reuses, so a refusal names
// the request a reviewer finds. An approval keyOwner decided is passed
// over: it holds for no call through a key its decider created.
func (s *Store) CallApproval(ctx context.Context, agent, subject, tool, digest, argsDigest, keyOwner string, now time.Time) (*Approval, error) {
	return s.callApproval(ctx, agent, subject, tool, digest, argsDigest, keyOwner, now, func(*Approval) bool { return true })
}

// callApproval is CallApproval among the requests in keeps.
func (s *Store) callApproval(ctx context.Context, agent, subject, tool, digest, argsDigest, keyOwner string, now time.Time, keeps func(*Approval) bool) (*Approval, error) {
	var rows []Approval
	q := s.with(ctx).Where("agent = ? AND subject = ? AND tool = ? AND digest = ? AND args_digest = ? AND (status = ? AND created_at > ? OR status = ? AND used_at IS NULL AND (until IS NULL OR until > ?))",
		agent, subject, tool, digest, argsDigest, authority.ApprovalPending, now.UTC().Add(-s.ApprovalRequestTTL()), authority.ApprovalApproved, now.UTC()).
		Order(clause.OrderBy{Expression: clause.Expr{SQL: "CASE WHEN status = ? THEN -id ELSE id END", Vars: []any{authority.ApprovalApproved}}}).
		Limit(maxCallApprovals)
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("models: call approval: %w", err)
	}
	for i := range rows {
		if keeps(&rows[i]) && (keyOwner == "" || !authority.SameIdentity(keyOwner, rows[i].DecidedBy)) {
			return &rows[i], nil
		}
	}
	return nil, ErrNotFound
}

// maxCallApprovals bounds the requests CallApproval reads for one call:
// past that many approvals its key's owner decided, the pending one (if
// any) is left for RequestApproval to find.
const maxCallApprovals = 8

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
