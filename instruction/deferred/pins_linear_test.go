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

// nsPerOp times fn over inputs of size n.
func nsPerOp(n int, fn func(pins, kept []string)) float64 {
	pins, kept := pinsOf(n)
	r := testing.Benchmark(func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			fn(pins, kept)
		}
	})
	return float64(r.NsPerOp())
}

// Issue 26, finding 5: a 1 MB step body of repeated pins cost 3.4 s of
// CPU: Unpinned compared every pin with every kept pin. Ten times the
// pins must cost about ten times the time (a ratio, not a time: pairwise
// work gives about a hundred).
func TestPinsCostLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("benchmarks")
	}
	for name, fn := range map[string]func(pins, kept []string){
		"Unpinned": func(pins, kept []string) { Unpinned(pins, kept) },
	} {
		small, large := nsPerOp(2000, fn), nsPerOp(20000, fn)
		t.Logf("%s: %.0f ns at 2,000 pins, %.0f ns at 20,000: ratio %.1f", name, small, large, large/small)
		if large/small > 35 {
			t.Errorf("%s: ten times the pins cost %.0f times the time, want about ten", name, large/small)
		}
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
