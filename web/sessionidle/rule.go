// Package sessionidle is the gateway sessions' idle rule as a pure
// function of time (no database, no clock of its own): whether a session
// last used at one moment is live, due to have its use recorded, or
// expired at another, and which last use a request records so that a
// session never expires during its own long call.
package sessionidle

import "time"

// Rule is the idle expiry of gateway sessions.
type Rule struct {
	// Idle is how long a session lives without a request.
	Idle time.Duration
	// TouchShare: a session's last use is written again once it is older
	// than Idle/TouchShare, not on every request (at least 1).
	TouchShare int
}

// Verdict is what a session's recorded last use means at a moment.
type Verdict int

const (
	// Live: serve the session; its last use need not be written.
	Live Verdict = iota
	// Touch: serve the session and record its use.
	Touch
	// Expired: the session was idle past the rule's Idle; answer it as an
	// unknown session.
	Expired
)

// At is the verdict at now for a session last used at last. A last use
// after now (a call in flight marks its session used until its deadline;
// see models' usedAt) is live.
func (r Rule) At(last, now time.Time) Verdict {
	age := now.Sub(last)
	switch {
	case age > r.Idle:
		return Expired
	case age > r.Idle/time.Duration(max(r.TouchShare, 1)):
		return Touch
	}
	return Live
}

// Cutoff is the last use at or before which a session has expired at
// now: the cap counts only sessions used after it, and the sweep deletes
// those used before it.
func (r Rule) Cutoff(now time.Time) time.Time { return now.Add(-r.Idle) }

// Request is what a request arriving at now for a session last used at
// last does: its verdict, and the last use to record when the verdict is
// Touch. A request that may run until busy after now (a tool call, up to
// its upstream timeout) is judged and recorded at its end, so the session
// cannot expire while it runs — nor between requests of the session sent
// meanwhile — and its idle time starts when the call is over at the
// latest. An expired session stays expired whatever the request.
func (r Rule) Request(last, now time.Time, busy time.Duration) (Verdict, time.Time) {
	if r.At(last, now) == Expired {
		return Expired, time.Time{}
	}
	end := now.Add(max(busy, 0))
	if v := r.At(last, end); v != Live {
		return Touch, end
	}
	return Live, time.Time{}
}
