package catalogtest

import (
	"flag"
	"runtime"
	"testing"
	"time"
)

// Per-input bounds of a parser's fuzz target (the security rules: the largest
// allowed document costs at most 1 s and 100 MB extra).
const (
	MaxInputAlloc = 100 << 20
	MaxInputTime  = time.Second
)

// WithinBudget runs fn, one parse of one input, and fails the test when it
// allocated more than MaxInputAlloc bytes. While fuzzing (go test -fuzz)
// it also fails an input that took over MaxInputTime; a plain test run
// asserts no time, as a loaded machine makes any timing flaky.
func WithinBudget(t testing.TB, input []byte, fn func()) {
	t.Helper()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	start := time.Now()
	fn()
	took := time.Since(start)
	runtime.ReadMemStats(&b)
	if n := b.TotalAlloc - a.TotalAlloc; n > MaxInputAlloc {
		t.Fatalf("a %d-byte input allocated %d bytes, over %d", len(input), n, MaxInputAlloc)
	}
	if fuzzing() && took > MaxInputTime {
		t.Fatalf("a %d-byte input took %v, over %v", len(input), took, MaxInputTime)
	}
}

func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}
