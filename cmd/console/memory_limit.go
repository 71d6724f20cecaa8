package main

import (
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
)

// defaultMemoryLimit is the soft limit on the Go heap the console runs
// under when the operator sets none (GOMEMLIMIT, or CONSOLE_MEMORY_LIMIT_MB):
// the garbage collector works harder as the heap nears it, so the
// resident memory stays within DESIGN.md §9's 200 MB after load, with the
// tokenizers, the step cache and the search lexicon all loaded. It is
// soft: a live heap that needs more gets more, it is never an
// out-of-memory error.
const defaultMemoryLimit = 150 << 20

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

// applyMemoryLimit sets the limit memoryLimit says, if any.
func applyMemoryLimit(getenv func(string) string) error {
	limit, set, err := memoryLimit(getenv)
	if err != nil || !set {
		return err
	}
	debug.SetMemoryLimit(limit)
	return nil
}
