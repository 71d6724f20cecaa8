package main

import (
	"fmt"
	"math"
	"runtime/debug"
	"strconv"

	"github.com/agentforge/console/cmd/console/startgc"
)

// defaultMemoryLimit is the soft limit on the Go heap the console runs
// under when the operator sets none (GOMEMLIMIT, or CONSOLE_MEMORY_LIMIT_MB):
// the garbage collector works harder as the heap nears it, so the
// resident memory stays within the 120 MB of the performance targets
// after load, with the tokenizers, the step cache and the search lexicon
// all loaded. With the pace below, the heap grows to this limit under
// load, and the resident memory after the load runs is about the limit
// and 23 MB (the program's own pages, stacks, the collector's tables):
// at 150 MiB the console held 173 MB, at 90 MiB 117 MB, at 80 MiB
// 108–110 MB, with the compose response cache bounded at 8 MiB so the
// collector keeps as much room over the live heap as at 90 MiB before
// (docs/performance.md). It is soft: a live heap that needs more gets
// more, it is never an out-of-memory error.
const defaultMemoryLimit = 80 << 20

// memoryLimit is the heap limit to set from the environment, and false
// when the operator set GOMEMLIMIT (the Go runtime applies it itself).
// CONSOLE_MEMORY_LIMIT_MB sets the limit in MiB; 0 turns it off.
func memoryLimit(getenv func(string) string) (int64, bool, error) {
	if getenv("GOMEMLIMIT") != "" {
		return 0, false, nil
	}
	v := getenv("CONSOLE_MEMORY_LIMIT_MB")
	if v == "" {
		return defaultMemoryLimit, true, nil
	}
	mb, err := strconv.Atoi(v)
	if err != nil || mb < 0 {
		return 0, false, &exitError{2, fmt.Errorf("CONSOLE_MEMORY_LIMIT_MB: %q is not a whole number of MiB (0 turns the limit off)", v)}
	}
	if mb == 0 {
		return math.MaxInt64, true, nil // the runtime's "no limit"
	}
	return int64(mb) << 20, true, nil
}

// defaultGCPercent is the collector's pace (GOGC) when the operator sets
// none: the heap may grow to five times what is live before a collection,
// instead of Go's twice. The console's live heap is small and its long-
// lived tables hold no pointer per entry (the tokenizers' ranks, the
// search lexicon), so at a steady 5,000 deferred steps a second Go's pace
// collected about five times a second, each collection taking CPU from
// requests for a few milliseconds; this pace collects about once a
// second. The soft memory limit above still caps the heap: near it the
// collector runs as often as it must, whatever the pace.
const defaultGCPercent = 400

// gcPercent is the pace to set from the environment, and false when the
// operator set GOGC (the Go runtime applies it itself).
func gcPercent(getenv func(string) string) (int, bool) {
	if getenv("GOGC") != "" {
		return 0, false
	}
	return defaultGCPercent, true
}

// applyMemoryLimit sets the limit memoryLimit says and the pace gcPercent
// says, each unless the operator set Go's own variable.
func applyMemoryLimit(getenv func(string) string) error {
	limit, set, err := memoryLimit(getenv)
	if err != nil {
		return err
	}
	if set {
		debug.SetMemoryLimit(limit)
	}
	if pct, ok := gcPercent(getenv); ok {
		// the collector may still be held off for the start (startgc):
		// the pace applies when the hold ends
		startgc.SetPercent(pct)
	}
	return nil
}
