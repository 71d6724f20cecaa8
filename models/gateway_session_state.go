package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// ErrBudget means a run's budget of searches or calls is spent.
var ErrBudget = errors.New("models: the run's budget is spent")

// SaveGatewayReceipts replaces a session's receipts when it is still at
// the version read (ErrConflict otherwise: reread and retry), counting a
// search against budget (0: none).
func (s *Store) SaveGatewayReceipts(ctx context.Context, id string, version int, receipts string, budget int) error {
	q := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND version = ? AND NOT closed", id, version)
	if budget > 0 {
		q = q.Where("searches < ?", budget)
	}
	res := q.Updates(map[string]any{"receipts": receipts, "searches": gorm.Expr("searches + 1"), "version": gorm.Expr("version + 1"), "updated_at": usedAt(time.Now())})
	if res.Error != nil {
		return fmt.Errorf("models: save gateway receipts: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		var g GatewaySession
		if err := s.with(ctx).Where("id = ?", id).First(&g).Error; err != nil {
			return fmt.Errorf("models: save gateway receipts: %w", notFound(err))
		}
		if budget > 0 && g.Searches >= budget {
			return ErrBudget
		}
		return ErrConflict
	}
	return nil
}

// CarryGatewayReceipts stores a session's receipts re-issued by the
// console for a new surface (no search is spent); ErrConflict when
// another request moved the session since version.
func (s *Store) CarryGatewayReceipts(ctx context.Context, id string, version int, receipts string) error {
	res := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND version = ? AND NOT closed", id, version).
		Updates(map[string]any{"receipts": receipts, "version": gorm.Expr("version + 1"), "updated_at": usedAt(time.Now())})
	if res.Error != nil {
		return fmt.Errorf("models: carry gateway receipts: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrConflict
	}
	return nil
}

// MarkGatewayListed records the tool list a session was given or told
// of (listed, its digest) and the tools it was shown (shown, a sorted
// JSON array), when the session still holds what the caller read
// (wasListed, wasShown); ErrConflict otherwise: reread and merge. Any
// replica reads what any other recorded.
func (s *Store) MarkGatewayListed(ctx context.Context, id, wasListed, wasShown, listed, shown string) error {
	res := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND listed = ? AND shown = ?", id, wasListed, wasShown).
		Updates(map[string]any{"listed": listed, "shown": shown})
	if res.Error != nil {
		return fmt.Errorf("models: mark gateway listed: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrConflict
	}
	return nil
}

// CountGatewayCall counts a call against the session's budget (0: none),
// atomically: two replicas never both spend the last call.
func (s *Store) CountGatewayCall(ctx context.Context, id string, budget int) error {
	q := s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id)
	if budget > 0 {
		q = q.Where("calls < ?", budget)
	}
	res := q.Update("calls", gorm.Expr("calls + 1"))
	if res.Error != nil {
		return fmt.Errorf("models: count gateway call: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrBudget
	}
	return nil
}

// UncountGatewayCall gives back a call CountGatewayCall counted that the
// server refused before running it: the budget charges only calls that
// ran (or may have).
func (s *Store) UncountGatewayCall(ctx context.Context, id string) error {
	res := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND calls > 0", id).Update("calls", gorm.Expr("calls - 1"))
	if res.Error != nil {
		return fmt.Errorf("models: uncount gateway call: %w", res.Error)
	}
	return nil
}

// CloseGatewaySession ends a session (the client's DELETE).
func (s *Store) CloseGatewaySession(ctx context.Context, id string) error {
	return s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id).Update("closed", true).Error
}
