package deferred

import (
	"fmt"
	"testing"
)

// pinsOf is a step's pins as the attack sent them: n pins, a third of them
// lost to a revocation, the rest repeating a few roster tools.
func pinsOf(n int) (pins, kept []string) {
	for i := 0; i < n; i++ {
		switch i % 3 {
		case 0:
			pins = append(pins, fmt.Sprintf("revoked_%d", i))
		default:
			p := fmt.Sprintf("tool_%d", i%7)
			pins = append(pins, p)
			kept = append(kept, p)
		}
	}
	return pins, kept
}

// A 1 MB step body of repeated pins cost 3.4 s of
// CPU: Unpinned compared every pin with every kept pin and every pin
// already reported. Its work is counted, not timed: one set operation per
// pin and per kept pin (pairwise work grows with their product).
func TestPinsCostLinearWork(t *testing.T) {
	for _, n := range []int{2000, 20000} {
		pins, kept := pinsOf(n)
		out, work := unpinned(pins, kept)
		if want := len(pins) + len(kept); work > want {
			t.Errorf("%d pins: %d operations, want at most %d", n, work, want)
		}
		if len(out) != (n+2)/3 {
			t.Errorf("%d pins: %d reported, want each revoked pin once (%d)", n, len(out), (n+2)/3)
		}
	}
	if got := Unpinned([]string{"a", "b", "a", "c", "b"}, []string{"c"}); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("Unpinned = %v, want [a b]: request order, each once", got)
	}
}

// BenchmarkUnpinned: go test ./instruction/deferred -run '^$' -bench Unpinned
func BenchmarkUnpinned(b *testing.B) {
	for _, n := range []int{2000, 20000, 100000} {
		pins, kept := pinsOf(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Unpinned(pins, kept)
			}
		})
	}
}
