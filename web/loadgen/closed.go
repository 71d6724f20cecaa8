package loadgen

import (
	"context"
	"sync"
	"time"
)

// Closed is a closed-loop load: Workers workers, each sending its next
// request as soon as its answer arrives, for D (the throughput a server
// reaches at saturation; a latency is mostly the workers queueing).
type Closed struct {
	Workers int
	D       time.Duration
	// Fail, when set, is told each failure, on the worker's goroutine.
	Fail func(error)
}

// Round is what closed-loop rounds measured: each answered request's
// latency, the failures (not in Lat), and how long the rounds ran.
type Round struct {
	Lat      []time.Duration
	Failures int
	Elapsed  time.Duration
}

// Add joins another round's figures.
func (r *Round) Add(o Round) {
	r.Lat, r.Failures, r.Elapsed = append(r.Lat, o.Lat...), r.Failures+o.Failures, r.Elapsed+o.Elapsed
}

// Rate is the requests answered a second.
func (r Round) Rate() float64 { return float64(len(r.Lat)) / r.Elapsed.Seconds() }

// Run sends op on each worker w until D has passed or ctx ends.
func (c Closed) Run(ctx context.Context, op func(w int) error) Round {
	var r Round
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for w := range c.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Since(start) < c.D && ctx.Err() == nil {
				t0 := time.Now()
				if err := op(w); err != nil {
					bad++
					if c.Fail != nil {
						c.Fail(err)
					}
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			r.Lat, r.Failures = append(r.Lat, mine...), r.Failures+bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	r.Elapsed = time.Since(start)
	return r
}
