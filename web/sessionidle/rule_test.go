package sessionidle

import (
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)

// TestIdleRule: a session lives while used within Idle, has its use
// recorded once it is older than Idle/TouchShare, and has expired after
// Idle without a request — judged from the times given, never a clock.
func TestIdleRule(t *testing.T) {
	r := Rule{Idle: time.Hour, TouchShare: 8}
	for _, c := range []struct {
		age  time.Duration
		want Verdict
	}{
		{0, Live}, {7 * time.Minute, Live}, {7*time.Minute + 30*time.Second, Live}, {7*time.Minute + 31*time.Second, Touch},
		{time.Hour, Touch}, {time.Hour + time.Nanosecond, Expired}, {48 * time.Hour, Expired},
		{-time.Minute, Live}, // marked in use until a call's deadline
	} {
		if got := r.At(t0, t0.Add(c.age)); got != c.want {
			t.Errorf("age %s: %d, want %d", c.age, got, c.want)
		}
	}
	if got := r.Cutoff(t0); !got.Equal(t0.Add(-time.Hour)) {
		t.Errorf("cutoff %s", got)
	}
	if (Rule{Idle: time.Minute}).At(t0, t0.Add(time.Second)) != Live {
		t.Error("a zero share must be read as 1, not divide by zero")
	}
}

// TestSessionLivesThroughItsOwnLongCall: a call that may
// last longer than the idle window records the session in use until
// its deadline, so neither the call's end nor another request sent
// while it runs finds the session expired; the idle time starts once
// the call is over. A session already expired is not revived by a call.
func TestSessionLivesThroughItsOwnLongCall(t *testing.T) {
	r := Rule{Idle: 90 * time.Second, TouchShare: 8}
	last := t0
	start := t0.Add(10 * time.Second)
	busy := 3 * time.Minute // the upstream timeout: longer than Idle
	v, mark := r.Request(last, start, busy)
	if v != Touch || !mark.Equal(start.Add(busy)) {
		t.Fatalf("a long call's start: %d %s, want the session marked in use until its deadline", v, mark)
	}
	for _, during := range []time.Duration{time.Minute, 2 * time.Minute, busy} {
		if got := r.At(mark, start.Add(during)); got != Live {
			t.Errorf("%s into the call: %d, want live", during, got)
		}
	}
	if got := r.At(mark, start.Add(busy+r.Idle+time.Second)); got != Expired {
		t.Errorf("idle after the call's deadline: %d, want expired", got)
	}
	// without the mark (the old rule) the session expired during its call
	if r.At(last, start.Add(2*time.Minute)) != Expired {
		t.Error("the test does not cover a call longer than the idle window")
	}
	// a short request of a recently used session writes nothing
	if v, _ := r.Request(t0, t0.Add(time.Second), 0); v != Live {
		t.Errorf("a fresh session's request: %d", v)
	}
	if v, _ := r.Request(t0, t0.Add(r.Idle+time.Second), busy); v != Expired {
		t.Errorf("a call on an expired session: %d, want expired", v)
	}
}
