package web

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// openLoad is a load offered at a steady rate whatever the answers do
// (an open loop, as `console loadtest --rate` offers it): request i is due
// at start + i/rate, runs op(i) on the first free worker, and its latency
// counts from its due time, not from when it went out, so a request that
// waits behind a slow one (or for a free worker) is charged the wait (no
// coordinated omission). kinds names request i's kind (kinds[i %
// len(kinds)]): gateway and direct calls interleaved in one schedule
// meet the same noise.
type openLoad struct {
	rate    float64
	d       time.Duration
	workers int
	kinds   []int
	// done, when set, is told each answered request's kind, worker, due
	// time and end, on the worker's goroutine
	done func(kind, w int, due, end time.Time)
}

// openResult is what an open load measured per kind: each request's
// latency from its due time, and the failures.
type openResult struct {
	lat      map[int][]time.Duration
	failures int
	// unsent counts per kind the requests still waiting for a worker when the run
	// stopped (twice its length: a server that falls behind its schedule
	// is not waited for without end); each is in lat with its wait until
	// then, a lower bound of its latency
	unsent map[int]int
	// elapsed is from the first due time to the last answer (a server
	// that falls behind the schedule takes longer than d)
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

// run offers the load; op makes request i of its kind on worker w.
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
			mine := map[int][]time.Duration{}
			bad, unsent := 0, map[int]int{}
			for {
				i := next.Add(1) - 1
				at := o.due(i)
				if at >= o.d {
					break
				}
				if now := time.Since(start); now >= 2*o.d {
					// the run is over: this request and every one due
					// after it up to the end are counted unsent, charged
					// their wait so far
					for at < o.d {
						mine[o.kind(i)] = append(mine[o.kind(i)], now-at)
						unsent[o.kind(i)]++
						i = next.Add(1) - 1
						at = o.due(i)
					}
					break
				}
				if wait := time.Until(start.Add(at)); wait > 0 {
					time.Sleep(wait)
				}
				k := o.kind(i)
				if err := op(k, w); err != nil {
					bad++
					continue
				}
				end := time.Now()
				mine[k] = append(mine[k], end.Sub(start.Add(at)))
				if o.done != nil {
					o.done(k, w, start.Add(at), end)
				}
			}
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

// TestOpenLoadSchedule: an open load offers its rate whatever the answers
// do (a slow answer does not delay the requests due behind it: other
// workers send them, and their latency counts from their due time), and
// interleaves its kinds in the given pattern.
func TestOpenLoadSchedule(t *testing.T) {
	o := openLoad{rate: 1000, d: 200 * time.Millisecond, workers: 16, kinds: []int{0, 0, 0, 0, 1}}
	if got := o.due(250); got != 250*time.Millisecond {
		t.Errorf("request 250 at 1000/s is due after %v, want 250ms", got)
	}
	for i, want := range []int{0, 0, 0, 0, 1, 0, 0, 0, 0, 1} {
		if got := o.kind(uint64(i)); got != want {
			t.Errorf("request %d is of kind %d, want %d", i, got, want)
		}
	}
	var calls atomic.Int32
	res := o.run(func(kind, w int) error {
		// the first request stalls for 50 ms: what falls due meanwhile
		// still goes out on time on the other workers
		if calls.Add(1) == 1 {
			time.Sleep(50 * time.Millisecond)
		}
		return nil
	})
	if n := res.unsent[0] + res.unsent[1]; n != 0 {
		t.Errorf("%d requests unsent", n)
	}
	if n := len(res.lat[0]) + len(res.lat[1]); n != 200 {
		t.Errorf("%d requests answered, want the 200 due in 200 ms at 1000/s", n)
	}
	if len(res.lat[0]) != 160 || len(res.lat[1]) != 40 {
		t.Errorf("kinds 0 and 1 got %d and %d requests, want 160 and 40 (one in five of kind 1)", len(res.lat[0]), len(res.lat[1]))
	}
	slow := 0
	for _, l := range res.lat[0] {
		if l >= 50*time.Millisecond {
			slow++
		}
	}
	if slow < 1 {
		t.Error("the stalled request's latency does not count its stall")
	}
}

// TestOpenLoadStopsBehindItsSchedule: a server slower than the offered
// rate is not waited for beyond twice the run's length; what was never
// sent is counted, with its wait as its latency (never dropped from the
// figures).
func TestOpenLoadStopsBehindItsSchedule(t *testing.T) {
	o := openLoad{rate: 1000, d: 100 * time.Millisecond, workers: 2, kinds: []int{0}}
	res := o.run(func(kind, w int) error { time.Sleep(30 * time.Millisecond); return nil })
	if res.unsent[0] == 0 {
		t.Fatal("two workers of 30 ms each sent all 100 requests due in 100 ms")
	}
	if n := len(res.lat[0]); n != 100 {
		t.Errorf("%d latencies, want one for each of the 100 requests due, sent or not", n)
	}
}
