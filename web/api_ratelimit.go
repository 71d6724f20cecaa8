package web

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter limits API requests per key with one golang.org/x/time/rate
// token bucket per key. It is per process: each replica enforces the
// configured rate on its own, so N replicas behind a balancer allow a key
// up to N times the rate.
type limiter struct {
	mu    sync.Mutex
	rate  rate.Limit
	burst int
	keys  map[uint]*rate.Limiter
}

// DefaultAPIRate is the requests a second one API key may make on one
// replica when the configuration sets none (bursts of twice that): above
// what a runtime key driving the gateway at its target rate sends (2,000
// calls a second, with their lists and searches), still a bound on a
// runaway key. --api-rate sets another.
const DefaultAPIRate = 5000

// newLimiter allows rate requests per second per key with bursts of
// burst (defaults: DefaultAPIRate per second, bursts of twice the rate).
func newLimiter(perSecond, burst int) *limiter {
	if perSecond <= 0 {
		perSecond = DefaultAPIRate
	}
	if burst <= 0 {
		burst = 2 * perSecond
	}
	return &limiter{rate: rate.Limit(perSecond), burst: burst, keys: map[uint]*rate.Limiter{}}
}

// allow reports whether key id may make a request now.
func (l *limiter) allow(id uint) bool { return l.allowAt(id, time.Now()) }

// allowAt is allow at a given time (tests pass the clock in).
func (l *limiter) allowAt(id uint, now time.Time) bool {
	l.mu.Lock()
	lim, ok := l.keys[id]
	if !ok {
		lim = rate.NewLimiter(l.rate, l.burst)
		l.keys[id] = lim
	}
	l.mu.Unlock()
	return lim.AllowN(now, 1)
}
