//go:build unix

package web

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time this process has used (user and system, every
// thread: the collector's work counts). On a shared machine a load run's
// wall time moves with everyone else's load; its CPU time per request
// much less.
func cpuNow() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
