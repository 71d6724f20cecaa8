package main

import (
	"strconv"
	"sync/atomic"
	"time"
)

// pacer hands the workers of a load run their send times. With a rate it
// is an open-loop load: request i is due at start + i/rate whatever the
// answers do, a worker waits for its request's due time, and the
// request's latency counts from that time, not from when it went out, so
// a slow answer that delays the sends behind it is charged to them too
// (no coordinated omission). Without a rate every worker sends as soon as
// its previous answer arrived (a closed loop, the server's saturation).
type pacer struct {
	start    time.Time
	deadline time.Time
	period   time.Duration
	issued   atomic.Uint64
}

// newPacer paces a run of d from now at rate requests a second (0: as
// fast as the workers go).
func newPacer(d time.Duration, rate float64) *pacer {
	now := time.Now()
	p := &pacer{start: now, deadline: now.Add(d)}
	if rate > 0 {
		p.period = time.Duration(float64(time.Second) / rate)
	}
	return p
}

// due waits until the caller's next request is due and returns its due
// time; ok is false once the run is over.
func (p *pacer) due() (at time.Time, ok bool) {
	if p.period == 0 {
		now := time.Now()
		return now, now.Before(p.deadline)
	}
	at = p.start.Add(time.Duration(p.issued.Add(1)-1) * p.period)
	if !at.Before(p.deadline) {
		return at, false
	}
	if wait := time.Until(at); wait > 0 {
		time.Sleep(wait)
	}
	return at, true
}

// describe names the load for a report line.
func (p *pacer) describe() string {
	if p.period == 0 {
		return "closed loop"
	}
	return "open loop, " + strconv.Itoa(int(time.Second/p.period)) + "/s offered, latency from each due time"
}
