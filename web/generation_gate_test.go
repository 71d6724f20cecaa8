package web

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGenGateNeverAnswersFromBefore: every caller gets a read that
// started after it called — never one already in flight — so it sees
// every generation committed before it called; and concurrent callers
// share reads, one in flight at a time.
func TestGenGateNeverAnswersFromBefore(t *testing.T) {
	var committed, reads, inFlight, most atomic.Int64
	g := genGate{read: func(context.Context) (int64, int64, error) {
		reads.Add(1)
		now := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
		}
		v := committed.Load() // the statement's snapshot
		time.Sleep(200 * time.Microsecond)
		return v, v, nil
	}}
	stop := make(chan struct{})
	go func() { // a writer committing all the time
		for {
			select {
			case <-stop:
				return
			default:
				committed.Add(1)
				time.Sleep(50 * time.Microsecond)
			}
		}
	}()
	var wg sync.WaitGroup
	var calls, stale atomic.Int64
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				before := committed.Load()
				cat, cfg, err := g.generations(context.Background())
				calls.Add(1)
				if err != nil || cat < before || cfg < before {
					stale.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	if stale.Load() != 0 {
		t.Fatalf("%d of %d calls got a generation older than the one committed before they called", stale.Load(), calls.Load())
	}
	if r := reads.Load(); r >= calls.Load() {
		t.Errorf("%d reads for %d concurrent calls: nothing was shared", r, calls.Load())
	}
	if m := most.Load(); m > 1 {
		t.Errorf("%d reads in flight at once, the bound is 1", m)
	}
	// alone, every call reads
	n := reads.Load()
	for range 3 {
		if _, _, err := g.generations(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if reads.Load() != n+3 {
		t.Errorf("3 sequential calls made %d reads", reads.Load()-n)
	}
}

// TestGenGateCancel: a waiting caller whose context ends stops waiting
// while the read is still in flight; the read a cancelled leader sent
// still serves the others.
func TestGenGateCancel(t *testing.T) {
	release, started := make(chan struct{}), make(chan struct{}, 2)
	g := genGate{read: func(ctx context.Context) (int64, int64, error) {
		started <- struct{}{}
		<-release
		return 7, 8, ctx.Err()
	}}
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan error, 1)
	go func() {
		_, _, err := g.generations(ctx)
		got <- err
	}()
	<-started // the first caller leads: its read is in flight, whatever the scheduler did
	other := make(chan error, 1)
	go func() {
		cat, _, err := g.generations(context.Background())
		if err == nil && cat != 7 {
			t.Errorf("the waiting caller got %d, want 7", cat)
		}
		other <- err
	}()
	qctx, qcancel := context.WithCancel(context.Background())
	quit := make(chan error, 1)
	go func() {
		_, _, err := g.generations(qctx)
		quit <- err
	}()
	qcancel()
	select {
	case err := <-quit:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled waiting caller got %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("a cancelled waiting caller kept waiting for the read in flight")
	}
	cancel()
	close(release)
	<-got
	if err := <-other; err != nil {
		t.Fatalf("the leader's cancellation failed the read it shared: %v", err)
	}
}

// TestGenGateSurvivesAFailingRead: a read that errs or panics answers its
// waiters with an error, and the next call reads again.
func TestGenGateSurvivesAFailingRead(t *testing.T) {
	var n atomic.Int64
	g := genGate{read: func(context.Context) (int64, int64, error) {
		switch n.Add(1) {
		case 1:
			return 0, 0, errors.New("db down")
		case 2:
			panic("driver bug")
		}
		return 3, 4, nil
	}}
	for i, want := range []bool{true, true, false} {
		_, _, err := g.generations(context.Background())
		if (err != nil) != want {
			t.Fatalf("call %d: err %v, want an error %v", i+1, err, want)
		}
	}
}
