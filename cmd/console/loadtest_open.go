package main

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// openLoad is a load offered at a steady rate whatever the answers do
// (an open loop): request i is due at start + i/rate, runs on the first
// free worker, and its latency counts from its due time, not from when
// it went out, so a request that waits behind a slow one (or for a free
// worker) is charged the wait (no coordinated omission). kinds names
// request i's kind (kinds[i % len(kinds)]): gateway and direct calls
// interleaved in one schedule meet the same noise.
type openLoad struct {
	// ctx ends the run early (nil: it runs its course)
	ctx     context.Context
	rate    float64
	d       time.Duration
	workers int
	kinds   []int
}

// openResult is what an open load measured per kind: each request's
// latency from its due time, and the failures.
type openResult struct {
	lat      map[int][]time.Duration
	failures int
	// unsent counts per kind the requests still waiting for a worker
	// when the run stopped (twice its length: a server that falls behind
	// its schedule is not waited for without end); each is in lat with
	// its wait until then, a lower bound of its latency
	unsent map[int]int
	// elapsed is from the first due time to the last answer
	elapsed time.Duration
}

// answered is how many requests of kind k were answered a second.
func (r openResult) answered(k int) float64 {
	return float64(len(r.lat[k])-r.unsent[k]) / r.elapsed.Seconds()
}

// due is request i's due time after start.
func (o openLoad) due(i uint64) time.Duration {
	return time.Duration(float64(i) * float64(time.Second) / o.rate)
}

// kind is request i's kind.
func (o openLoad) kind(i uint64) int { return o.kinds[i%uint64(len(o.kinds))] }

// run offers the load; op makes a request of its kind on worker w.
func (o openLoad) run(op func(kind, w int) error) openResult {
	res := openResult{lat: map[int][]time.Duration{}, unsent: map[int]int{}}
	var mu sync.Mutex
	var next atomic.Uint64
	var wg sync.WaitGroup
	start := time.Now()
	for w := range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine, unsent, bad := o.work(w, start, &next, op)
			mu.Lock()
			for k, l := range mine {
				res.lat[k] = append(res.lat[k], l...)
			}
			res.failures += bad
			for k, n := range unsent {
				res.unsent[k] += n
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// work is worker w's part of run: it takes the next request due until
// the schedule ends, or until twice its length has passed (then each
// request left is counted unsent, charged its wait so far).
func (o openLoad) work(w int, start time.Time, next *atomic.Uint64, op func(kind, w int) error) (mine map[int][]time.Duration, unsent map[int]int, bad int) {
	mine, unsent = map[int][]time.Duration{}, map[int]int{}
	for {
		i := next.Add(1) - 1
		at := o.due(i)
		if at >= o.d {
			return
		}
		if now := time.Since(start); now >= 2*o.d {
			for at < o.d {
				mine[o.kind(i)] = append(mine[o.kind(i)], now-at)
				unsent[o.kind(i)]++
				i = next.Add(1) - 1
				at = o.due(i)
			}
			return
		}
		if o.ctx != nil && o.ctx.Err() != nil {
			return
		}
		if wait := time.Until(start.Add(at)); wait > 0 {
			if o.ctx == nil {
				time.Sleep(wait)
			} else {
				select {
				case <-time.After(wait):
				case <-o.ctx.Done():
					return
				}
			}
		}
		k := o.kind(i)
		if err := op(k, w); err != nil {
			bad++
			continue
		}
		mine[k] = append(mine[k], time.Since(start.Add(at)))
	}
}
