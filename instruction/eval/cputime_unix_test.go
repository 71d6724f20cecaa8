//go:build unix

package eval_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system: on a
// machine shared with other work a benchmark's wall time is mostly the
// others' load, its CPU time is its own work.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
