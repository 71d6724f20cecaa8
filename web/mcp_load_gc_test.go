package web

import (
	"fmt"
	rtmetrics "runtime/metrics"
)

// gcSpan reads what the collector did over a stretch of a load run:
// take one reading before it and call since after it.
type gcSpan [3]rtmetrics.Sample

func gcReading() gcSpan {
	s := gcSpan{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/gc/heap/allocs:bytes"}}
	rtmetrics.Read(s[:])
	return s
}

// since is what the collector did from s to now, for n requests: its
// cycles, its CPU, and the bytes the process allocated a request (the
// load generator's included).
func (s gcSpan) since(n int) string {
	now := gcReading()
	cycles := now[0].Value.Uint64() - s[0].Value.Uint64()
	cpu := now[1].Value.Float64() - s[1].Value.Float64()
	bytes := now[2].Value.Uint64() - s[2].Value.Uint64()
	return fmt.Sprintf("%d collections, %.1f ms of collector CPU, %.1f KB allocated a request in this process (load generator included)",
		cycles, cpu*1000, float64(bytes)/1024/float64(max(n, 1)))
}
