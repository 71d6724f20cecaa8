package loadgen

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestOpenSchedule: an open load offers its rate whatever the answers do
// (a stalled request does not delay the requests due behind it: other
// workers send them, and the stall counts in its latency), interleaves
// its kinds in their pattern, and tells Done of each answer. The
// schedule (200 requests in a second) leaves a loaded machine a second
// of slack before anything would count unsent.
func TestOpenSchedule(t *testing.T) {
	var done atomic.Int32
	o := Open{Rate: 200, D: time.Second, Workers: 16, Kinds: []int{0, 0, 0, 0, 1},
		Done: func(kind, w int, due, end time.Time) {
			if !end.Before(due) {
				done.Add(1)
			}
		}}
	if got := o.Due(50); got != 250*time.Millisecond {
		t.Errorf("request 50 at 200/s is due after %v, want 250ms", got)
	}
	for i, want := range []int{0, 0, 0, 0, 1, 0, 0, 0, 0, 1} {
		if got := o.Kind(uint64(i)); got != want {
			t.Errorf("request %d is of kind %d, want %d", i, got, want)
		}
	}
	var calls atomic.Int32
	stall := 100 * time.Millisecond
	res := o.Run(context.Background(), func(kind, w int) error {
		if calls.Add(1) == 1 {
			time.Sleep(stall)
		}
		return nil
	})
	if n := res.Unsent[0] + res.Unsent[1]; n != 0 {
		t.Errorf("%d requests unsent", n)
	}
	if len(res.Lat[0]) != 160 || len(res.Lat[1]) != 40 {
		t.Errorf("kinds 0 and 1 got %d and %d requests, want 160 and 40 (one in five of kind 1)", len(res.Lat[0]), len(res.Lat[1]))
	}
	if n := done.Load(); n != 200 {
		t.Errorf("Done was told of %d answers, want 200", n)
	}
	slow := 0
	for _, l := range res.Lat[0] {
		if l >= stall {
			slow++
		}
	}
	if slow < 1 {
		t.Error("the stalled request's latency does not count its stall")
	}
}

// TestOpenStopsBehindItsSchedule: a server slower than the offered rate
// is not waited for beyond twice the run's length; what was never sent
// is counted, with its wait as its latency (never dropped from the
// figures).
func TestOpenStopsBehindItsSchedule(t *testing.T) {
	o := Open{Rate: 1000, D: 100 * time.Millisecond, Workers: 2, Kinds: []int{0}}
	res := o.Run(context.Background(), func(kind, w int) error { time.Sleep(30 * time.Millisecond); return nil })
	if res.Unsent[0] == 0 {
		t.Fatal("two workers of 30 ms each sent all 100 requests due in 100 ms")
	}
	if n := len(res.Lat[0]); n != 100 {
		t.Errorf("%d latencies, want one for each of the 100 requests due, sent or not", n)
	}
}

// TestLoadsEndWithTheirContext: a cancelled context ends an open load
// waiting for its next due time and a closed load between requests:
// neither sends another request, and each returns.
func TestLoadsEndWithTheirContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var sent atomic.Int32
	first := make(chan struct{})
	op := func() error {
		if sent.Add(1) == 1 {
			close(first)
		}
		return nil
	}
	// one request a minute for an hour: only the first is due before the
	// cancel
	o := Open{Rate: 1.0 / 60, D: time.Hour, Workers: 4, Kinds: []int{0}}
	ended := make(chan OpenResult, 1)
	go func() { ended <- o.Run(ctx, func(int, int) error { return op() }) }()
	<-first
	cancel()
	if res := <-ended; len(res.Lat[0]) != 1 || sent.Load() != 1 {
		t.Errorf("the open load sent %d requests (%d answered), want only the one due before the cancel", sent.Load(), len(res.Lat[0]))
	}
	sent.Store(0)
	r := Closed{Workers: 4, D: time.Hour}.Run(ctx, func(int) error { return op() })
	if sent.Load() != 0 || len(r.Lat) != 0 {
		t.Errorf("a closed load on an ended context sent %d requests", sent.Load())
	}
}

// TestClosedCountsFailuresApart: a closed load's failures are counted and
// told to Fail, not timed; every answered request is.
func TestClosedCountsFailuresApart(t *testing.T) {
	var n, told atomic.Int32
	stop := 50
	c := Closed{Workers: 2, D: time.Hour, Fail: func(error) { told.Add(1) }}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := c.Run(ctx, func(int) error {
		i := n.Add(1)
		if int(i) >= stop {
			cancel()
		}
		if i%2 == 0 {
			return context.DeadlineExceeded
		}
		return nil
	})
	if r.Failures != int(told.Load()) || r.Failures+len(r.Lat) != int(n.Load()) || r.Failures == 0 || len(r.Lat) == 0 {
		t.Errorf("%d requests: %d failures (%d told), %d timed", n.Load(), r.Failures, told.Load(), len(r.Lat))
	}
	var sum Round
	sum.Add(r)
	sum.Add(r)
	if len(sum.Lat) != 2*len(r.Lat) || sum.Failures != 2*r.Failures || sum.Elapsed != 2*r.Elapsed {
		t.Errorf("two rounds added: %d, %d, %v", len(sum.Lat), sum.Failures, sum.Elapsed)
	}
}
