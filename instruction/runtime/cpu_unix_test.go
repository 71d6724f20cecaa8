//go:build unix

package runtime

import (
	"syscall"
	"testing"
	"time"
)

// cpuNow is the CPU time this process has used (user and system, every
// thread: the garbage collector's work counts). On a shared machine a
// benchmark's wall time moves with everyone else's load; its CPU time per
// operation (the cpu-ns/op metric) much less.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per operation since start (a cpuNow
// reading) as the cpu-ns/op metric.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op")
}
