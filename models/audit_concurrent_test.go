package models_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAuditWritersAtOnce: audit events written at the same time by
// callers outside any transaction are all kept, in one chain.
func TestAuditWritersAtOnce(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		const n = 24
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- s.Audit(ctx, models.Event{Actor: "t", Action: "test.parallel", Subject: fmt.Sprint(i)})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("an audit write failed: %v", err)
			}
		}
		var kept int64
		if err := s.RawScan(ctx, &kept, "SELECT count(*) FROM audit_events WHERE action = 'test.parallel'"); err != nil || kept != n {
			t.Fatalf("%d of %d events kept (%v)", kept, n, err)
		}
	})
}
