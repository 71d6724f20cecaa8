package upstream

import (
	"testing"
	"time"
)

// TestFingerprintsAreNotOnTheWayToAnswering: setting the console's
// secrets computes none of their slow fingerprints (a start would wait
// for them before it listens); they are computed in the background a
// little later, and on first need before that.
func TestFingerprintsAreNotOnTheWayToAnswering(t *testing.T) {
	v := "warm-test-secret-value-0123456789-abcdef"
	refsOf([]string{v}, nil)
	if _, ok := fingerprints.Load(v); ok {
		t.Fatal("the fingerprint was computed while the secrets were set")
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, ok := fingerprints.Load(v); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the fingerprint was never computed in the background")
		}
	}
	if f := fingerprintOf(v); len(f) != 24 {
		t.Fatalf("fingerprint %q", f)
	}
}
