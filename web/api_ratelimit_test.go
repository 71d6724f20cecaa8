package web

import (
	"testing"
	"time"
)

// TestLimiterPerKey: a key gets its burst, then one request per 1/rate;
// another key is not affected; a refused request costs nothing.
func TestLimiterPerKey(t *testing.T) {
	l := newLimiter(10, 5)
	t0 := time.Unix(1_000_000, 0)
	for i := range 5 {
		if !l.allowAt(1, t0) {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	if l.allowAt(1, t0) {
		t.Error("the 6th request at once was allowed with a burst of 5")
	}
	if !l.allowAt(2, t0) {
		t.Error("key 2 was limited by key 1's requests")
	}
	if l.allowAt(1, t0.Add(50*time.Millisecond)) {
		t.Error("allowed after 50 ms at 10 per second")
	}
	if !l.allowAt(1, t0.Add(100*time.Millisecond)) {
		t.Error("refused after 100 ms at 10 per second")
	}
	// a long pause refills to the burst, not beyond
	later := t0.Add(time.Hour)
	n := 0
	for l.allowAt(1, later) {
		n++
	}
	if n != 5 {
		t.Errorf("after an hour %d requests at once, want the burst of 5", n)
	}
}

// TestLimiterDefaults: zero settings mean DefaultAPIRate per second,
// bursts of twice that; the default lets one runtime key drive the
// gateway at its target rate (docs/performance.md: 2,000 calls a second)
// with room for its lists and searches.
func TestLimiterDefaults(t *testing.T) {
	l := newLimiter(0, 0)
	t0 := time.Unix(1_000_000, 0)
	n := 0
	for l.allowAt(7, t0) {
		n++
	}
	if n != 2*DefaultAPIRate {
		t.Errorf("default burst %d, want %d", n, 2*DefaultAPIRate)
	}
	// one second later, the bucket has refilled by the rate
	n = 0
	for l.allowAt(7, t0.Add(time.Second)) {
		n++
	}
	if n != DefaultAPIRate {
		t.Errorf("default rate %d a second, want %d", n, DefaultAPIRate)
	}
	const gatewayTarget = 2000
	if DefaultAPIRate < 2*gatewayTarget {
		t.Errorf("the default rate %d a second would throttle a key driving the gateway at its target (%d calls a second, each with its lists)", DefaultAPIRate, gatewayTarget)
	}
}
