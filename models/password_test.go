package models_test

import (
	"context"
	"errors"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestPasswordHashingIsBounded: 40 concurrent password checks
// (argon2id at 19 MiB each) must not hold 40 × 19 MiB at once: hashing runs
// under a concurrency bound, and a check that cannot get a slot in time is
// refused with ErrBusy (the web answers 503) rather than queued forever.
func TestPasswordHashingIsBounded(t *testing.T) {
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectSQLite})
	ctx := context.Background()
	if _, err := s.CreateUser(ctx, "test", models.NewUserInput{Username: "bob", Password: "bob-password", Roles: []models.Role{models.RoleViewer}}); err != nil {
		t.Fatal(err)
	}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := heap()
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if h := heap(); h > peak.Load() {
				peak.Store(h)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	var wg sync.WaitGroup
	var bad, busy atomic.Int32
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Authenticate(ctx, "bob", "wrong password")
			switch {
			case errors.Is(err, models.ErrBadCredentials):
				bad.Add(1)
			case errors.Is(err, models.ErrBusy):
				busy.Add(1)
			default:
				t.Errorf("unexpected: %v", err)
			}
		}()
	}
	wg.Wait()
	close(stop)
	grew := (int64(peak.Load()) - int64(base)) >> 20
	t.Logf("40 concurrent checks: %d refused as wrong, %d shed as busy; heap grew by %d MiB at peak", bad.Load(), busy.Load(), grew)
	// unbounded, the heap grows by ~40 × 19 = 760 MiB; bounded to a few
	// at a time it stays within a few multiples of 19 MiB (plus garbage
	// awaiting collection)
	if grew > 300 {
		t.Fatalf("heap grew by %d MiB: password hashing is not bounded", grew)
	}
}
