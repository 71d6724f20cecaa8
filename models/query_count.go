package models

import (
	"context"
	"sync/atomic"

	"gorm.io/gorm"
)

// Statement counting is for tests: only a store opened by OpenCounting
// counts (Open registers nothing, so production statements pay nothing).

type queryCounterKey struct{}

// CountStatements returns a context under which every statement a store
// opened by OpenCounting runs (reads and writes) adds one to the returned
// counter: how a test proves a page's database work does not grow with
// its rows. A pipelined write counts its round trips.
func CountStatements(ctx context.Context) (context.Context, *atomic.Int64) {
	n := new(atomic.Int64)
	return context.WithValue(ctx, queryCounterKey{}, n), n
}

// OpenCounting is Open for tests: the store counts its statements, per
// context (CountStatements) and in all (Statements).
func OpenCounting(ctx context.Context, url string) (*Store, error) {
	return open(ctx, url, true)
}

// Statements is how many statements (round trips, for a pipelined
// write) a store opened by OpenCounting has run, whatever their context:
// it also sees writes made off a request's context (the evidence
// writer's batches). Zero for a store opened by Open.
func (s *Store) Statements() int64 {
	if s.statements == nil {
		return 0
	}
	return s.statements.Load()
}

// countRaw counts n statements a store runs outside the ORM (plain SQL
// and driver-level writes), as the ORM's callbacks count the rest.
func (s *Store) countRaw(ctx context.Context, n int64) {
	if s.statements == nil {
		return
	}
	s.statements.Add(n)
	if c, ok := ctx.Value(queryCounterKey{}).(*atomic.Int64); ok {
		c.Add(n)
	}
}

func registerStatementCounter(db *gorm.DB, all *atomic.Int64) error {
	count := func(tx *gorm.DB) {
		all.Add(1)
		if n, ok := tx.Statement.Context.Value(queryCounterKey{}).(*atomic.Int64); ok {
			n.Add(1)
		}
	}
	cb := db.Callback()
	for _, err := range []error{
		cb.Query().After("gorm:query").Register("console:count", count),
		cb.Row().After("gorm:row").Register("console:count", count),
		cb.Raw().After("gorm:raw").Register("console:count", count),
		cb.Create().After("gorm:create").Register("console:count", count),
		cb.Update().After("gorm:update").Register("console:count", count),
		cb.Delete().After("gorm:delete").Register("console:count", count),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
