package models

import (
	"context"
	"sync/atomic"

	"gorm.io/gorm"
)

type queryCounterKey struct{}

// CountStatements returns a context under which every statement the store
// runs (reads and writes) adds one to the returned counter: how a test
// proves a page's database work does not grow with its rows.
func CountStatements(ctx context.Context) (context.Context, *atomic.Int64) {
	n := new(atomic.Int64)
	return context.WithValue(ctx, queryCounterKey{}, n), n
}

func registerStatementCounter(db *gorm.DB) error {
	count := func(tx *gorm.DB) {
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
