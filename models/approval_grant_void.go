package models

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// voidRequestsOfGroup voids the live pending requests made under group
// that the grants of now can never grant (authority.RequestMoot): no
// grant of their groups covers their tool any more, or none asks for
// approval. It runs in the transaction that changed group's grants
// (cause names the change for the audit detail).
func (s *Store) voidRequestsOfGroup(ctx context.Context, actor, group, cause string, now time.Time) error {
	var as []Approval
	err := s.with(ctx).Where("status = ? AND created_at > ? AND groups_json LIKE ?"+likeEscape,
		authority.ApprovalPending, s.requestsSince(), "%"+likeLiteral(strconv.Quote(group))+"%").Order("id").Find(&as).Error
	if err != nil {
		return fmt.Errorf("models: void the requests of group %s: %w", group, err)
	}
	kept := as[:0]
	for _, a := range as {
		if slices.Contains(a.Groups(), group) {
			kept = append(kept, a)
		}
	}
	return s.voidMootRequests(ctx, actor, kept, cause, now)
}

// voidRequestsOfTool is voidRequestsOfGroup for the live pending requests
// of tool id, after its classification (which effects grants read)
// changed.
func (s *Store) voidRequestsOfTool(ctx context.Context, actor, id, cause string, now time.Time) error {
	var as []Approval
	if err := s.with(ctx).Where("status = ? AND created_at > ? AND tool = ?", authority.ApprovalPending, s.requestsSince(), id).Order("id").Find(&as).Error; err != nil {
		return fmt.Errorf("models: void the requests of tool %s: %w", id, err)
	}
	return s.voidMootRequests(ctx, actor, as, cause, now)
}

// voidUngrantedRequests (migration 261's data step, with the revoked
// keys') voids every live pending request the grants of now can never
// grant.
func voidUngrantedRequests(ctx context.Context, s *Store) error {
	var as []Approval
	if err := s.with(ctx).Where("status = ? AND created_at > ?", authority.ApprovalPending, s.requestsSince()).Order("id").Find(&as).Error; err != nil {
		return fmt.Errorf("models: void the ungranted requests: %w", err)
	}
	return s.voidMootRequests(ctx, MigrationActor, as, "the grants of now", time.Now().UTC())
}

// voidMootRequests voids each of the pending requests as whose recorded
// groups the current grants can never grant it for its tool. A request
// with no recorded groups (filed before they were, or by no check: a
// check files only for groups granted the tool with approval) or whose
// tool is gone is left to the checks at the call.
func (s *Store) voidMootRequests(ctx context.Context, actor string, as []Approval, cause string, now time.Time) error {
	if len(as) == 0 {
		return nil
	}
	grants, err := s.AllGrants(ctx)
	if err != nil {
		return err
	}
	tools := map[string]*authority.Tool{}
	for _, a := range as {
		groups := a.recordedGroups()
		if len(groups) == 0 {
			continue
		}
		t, seen := tools[a.Tool]
		if !seen {
			var rows []Tool
			if err := s.with(ctx).Where("id = ?", a.Tool).Limit(1).Find(&rows).Error; err != nil {
				return err
			}
			if len(rows) == 1 {
				at := rows[0].AuthorityTool()
				t = &at
			}
			tools[a.Tool] = t
		}
		if t == nil {
			continue
		}
		if why := authority.RequestMoot(groups, grants, *t); why != "" {
			if err := s.voidPending(ctx, actor, a, why, cause, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// voidUnpresentableRequests is migration 261's data step: the pending
// requests of revoked keys, then those the grants no longer ask for.
func voidUnpresentableRequests(ctx context.Context, s *Store) error {
	if err := voidRequestsOfRevokedKeys(ctx, s); err != nil {
		return err
	}
	return voidUngrantedRequests(ctx, s)
}
