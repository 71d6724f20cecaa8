package loadgen

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Open is a load offered at a steady rate whatever the answers do (an
// open loop): request i is due at start + i/Rate, runs on the first free
// worker, and its latency counts from its due time, not from when it
// went out, so a request that waits behind a slow one (or for a free
// worker) is charged the wait (no coordinated omission). Kinds names
// request i's kind (Kinds[i % len(Kinds)]): gateway and direct calls
// interleaved in one schedule meet the same noise.
type Open struct {
	Rate    float64
	D       time.Duration
	Workers int
	Kinds   []int
	// Done, when set, is told each answered request's kind, worker, due
	// time and end, on the worker's goroutine.
	Done func(kind, w int, due, end time.Time)
}

// OpenResult is what an open load measured per kind: each request's
// latency from its due time, and the failures.
type OpenResult struct {
	Lat      map[int][]time.Duration
	Failures int
	// Unsent counts per kind the requests still waiting for a worker
	// when the run stopped (twice its length: a server that falls behind
	// its schedule is not waited for without end); each is in Lat with
	// its wait until then, a lower bound of its latency.
	Unsent map[int]int
	// Elapsed is from the first due time to the last answer (a server
	// that falls behind the schedule takes longer than D).
	Elapsed time.Duration
}

// Answered is how many requests of kind k were answered a second.
func (r OpenResult) Answered(k int) float64 {
	return float64(len(r.Lat[k])-r.Unsent[k]) / r.Elapsed.Seconds()
}

// Due is request i's due time after the start.
func (o Open) Due(i uint64) time.Duration {
	return time.Duration(float64(i) * float64(time.Second) / o.Rate)
}

// Kind is request i's kind.
func (o Open) Kind(i uint64) int { return o.Kinds[i%uint64(len(o.Kinds))] }

// Run offers the load until its schedule ends or ctx does; op makes a
// request of its kind on worker w.
func (o Open) Run(ctx context.Context, op func(kind, w int) error) OpenResult {
	res := OpenResult{Lat: map[int][]time.Duration{}, Unsent: map[int]int{}}
	var mu sync.Mutex
	var next atomic.Uint64
	var wg sync.WaitGroup
	start := time.Now()
	for w := range o.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine, unsent, bad := o.work(ctx, w, start, &next, op)
			mu.Lock()
			for k, l := range mine {
				res.Lat[k] = append(res.Lat[k], l...)
			}
			res.Failures += bad
			for k, n := range unsent {
				res.Unsent[k] += n
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.Elapsed = time.Since(start)
	return res
}

// work is worker w's part of Run: it takes the next request due until
// the schedule ends, ctx does, or twice the schedule's length has passed
// (then each request left is counted unsent, charged its wait so far).
func (o Open) work(ctx context.Context, w int, start time.Time, next *atomic.Uint64, op func(kind, w int) error) (mine map[int][]time.Duration, unsent map[int]int, bad int) {
	mine, unsent = map[int][]time.Duration{}, map[int]int{}
	for {
		i := next.Add(1) - 1
		at := o.Due(i)
		if at >= o.D {
			return
		}
		if now := time.Since(start); now >= 2*o.D {
			for at < o.D {
				mine[o.Kind(i)] = append(mine[o.Kind(i)], now-at)
				unsent[o.Kind(i)]++
				i = next.Add(1) - 1
				at = o.Due(i)
			}
			return
		}
		if ctx.Err() != nil {
			return
		}
		if wait := time.Until(start.Add(at)); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return
			}
		}
		k := o.Kind(i)
		if err := op(k, w); err != nil {
			bad++
			continue
		}
		end := time.Now()
		mine[k] = append(mine[k], end.Sub(start.Add(at)))
		if o.Done != nil {
			o.Done(k, w, start.Add(at), end)
		}
	}
}
