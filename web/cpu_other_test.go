//go:build !unix

package web

import "time"

// cpuNow reports no reading here: without a CPU clock a CPU figure would
// be made up.
func cpuNow() (time.Duration, bool) { return 0, false }
