package web

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestSessionGateNeverAnswersFromBefore: every request gets its own
// session's state from a read that started after it arrived — never one
// already in flight — so it sees every change committed before it; and
// concurrent requests of several sessions share reads, at most
// sessionReadsInFlight in flight at a time, each request answered with
// its own session (its own copy).
func TestSessionGateNeverAnswersFromBefore(t *testing.T) {
	var committed, reads, inFlight, most atomic.Int64
	g := sessionGate{readGate: readGate[map[string]models.GatewayState]{most: sessionReadsInFlight}, read: func(_ context.Context, tokens []string) (map[string]models.GatewayState, error) {
		reads.Add(1)
		now := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
		}
		v := committed.Load() // the statement's snapshot
		time.Sleep(200 * time.Microsecond)
		out := map[string]models.GatewayState{}
		for _, tok := range tokens {
			out[tok] = models.GatewayState{CatalogGen: v, Session: &models.GatewaySession{ID: "id-" + tok, Version: int(v)}}
		}
		return out, nil
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
	var calls, stale, wrong atomic.Int64
	for w := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tok := "tok" + strconv.Itoa(w%8)
			for range 100 {
				before := committed.Load()
				st, err := g.state(context.Background(), tok)
				calls.Add(1)
				if err != nil || st.CatalogGen < before || st.Session == nil || int64(st.Session.Version) < before {
					stale.Add(1)
				}
				if st.Session == nil || st.Session.ID != "id-"+tok {
					wrong.Add(1)
					continue
				}
				st.Session.Version = -1 // a request's own copy: nobody else sees this
			}
		}()
	}
	wg.Wait()
	close(stop)
	if stale.Load() != 0 || wrong.Load() != 0 {
		t.Fatalf("of %d requests, %d got a state older than what was committed before they arrived, %d another session's", calls.Load(), stale.Load(), wrong.Load())
	}
	if r := reads.Load(); r >= calls.Load() {
		t.Errorf("%d reads for %d concurrent requests: nothing was shared", r, calls.Load())
	}
	if m := most.Load(); m > sessionReadsInFlight {
		t.Errorf("%d reads in flight at once, the bound is %d", m, sessionReadsInFlight)
	}
	// alone, every request reads
	n := reads.Load()
	for range 3 {
		if _, err := g.state(context.Background(), "alone"); err != nil {
			t.Fatal(err)
		}
	}
	if reads.Load() != n+3 {
		t.Errorf("3 sequential requests made %d reads", reads.Load()-n)
	}
}

// TestSessionGateDoesNotHoldARequestBehindAStalledRead: a request that
// arrives while one session read is in flight (here stalled) sends its
// own read at once and is answered without waiting for the stalled one;
// a request arriving while both are in flight joins the next read,
// which is sent once one of them ends.
func TestSessionGateDoesNotHoldARequestBehindAStalledRead(t *testing.T) {
	stall := make(chan struct{})
	var reads atomic.Int64
	g := sessionGate{readGate: readGate[map[string]models.GatewayState]{most: sessionReadsInFlight}, read: func(_ context.Context, tokens []string) (map[string]models.GatewayState, error) {
		if reads.Add(1) == 1 {
			<-stall
		}
		out := map[string]models.GatewayState{}
		for _, tok := range tokens {
			out[tok] = models.GatewayState{Session: &models.GatewaySession{ID: "id-" + tok}}
		}
		return out, nil
	}}
	first := make(chan error, 1)
	go func() {
		_, err := g.state(context.Background(), "stalled")
		first <- err
	}()
	for reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	done := make(chan models.GatewayState, 1)
	go func() {
		st, _ := g.state(context.Background(), "next")
		done <- st
	}()
	select {
	case st := <-done:
		if st.Session == nil || st.Session.ID != "id-next" {
			t.Fatalf("the second request got %+v", st.Session)
		}
	case <-time.After(5 * time.Second):
		close(stall)
		t.Fatal("a request waited for a stalled read that began before it")
	}
	close(stall)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}
