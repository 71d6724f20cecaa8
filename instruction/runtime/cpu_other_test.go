//go:build !unix

package runtime

import (
	"testing"
	"time"
)

// cpuNow has no process CPU clock to read on this system (getrusage is
// Unix's); the benchmarks report wall time only.
func cpuNow() time.Duration { return 0 }

// reportCPU reports nothing here: without a CPU clock a cpu-ns/op figure
// would be a made-up zero.
func reportCPU(*testing.B, time.Duration) {}
