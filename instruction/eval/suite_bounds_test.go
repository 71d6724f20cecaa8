package eval

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

// allocated reports the bytes fn allocates (runtime.MemStats.TotalAlloc).
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// An editor posted `k: 5\ncases: ` + `[`×N + `]`×N;
// N=20,000 (40 KB) cost 703 MB and 5.9 s. Scaled to N=5,000; refused
// naming the depth ceiling, in a few MB.
func TestNestedCasesFileIsRefusedBeforeItGrows(t *testing.T) {
	for _, tc := range []struct{ file, says string }{
		{"k: 5\ncases: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000), "deeper than the ceiling of 16"},
		{"k: 5\ncases: " + strings.Repeat("[", 5000), "not valid YAML"}, // unclosed too
		{"x: &a [y, y, y, y, y, y, y, y, y, y]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\ncases: [*e, *e]\n", "more than 50000 values"},
	} {
		file := tc.file
		var err error
		n := allocated(func() { _, err = ParseSuite([]byte(file)) })
		var fe *FieldError
		if !errors.As(err, &fe) || !strings.Contains(fe.Message, tc.says) {
			t.Errorf("%.40q: %v, want a refusal saying %q", file, err, tc.says)
		}
		if n > 8<<20 {
			t.Errorf("%.40q: allocated %d bytes, want at most 8 MiB", file, n)
		}
	}
}
