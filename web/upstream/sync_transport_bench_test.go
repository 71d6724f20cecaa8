package upstream

import (
	"context"
	"encoding/json"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// BenchmarkDirectCall is one direct call to a Go upstream on loopback
// (upstreamtest.Lean, in this process) with the requests on the caller's
// goroutine (sync) and through net/http's Transport (nethttp), in one
// run; cpu-ns/op is this process's CPU per call, client and upstream
// both.
func BenchmarkDirectCall(b *testing.B) {
	up := upstreamtest.NewLean()
	defer up.Close()
	for _, tc := range []struct {
		name string
		base http.RoundTripper
	}{{"sync", syncUpstream}, {"nethttp", upstreamTransport}} {
		b.Run(tc.name, func(b *testing.B) {
			defer func(old http.RoundTripper) { directBase = old }(directBase)
			directBase = tc.base
			p := NewPool(nil)
			defer p.Close()
			sp := Spec{Name: "lean", URL: up.URL}
			if _, err := p.ListTools(context.Background(), sp); err != nil {
				b.Fatal(err)
			}
			args := json.RawMessage(`{"text":"hello"}`)
			cpu0 := cpuTime()
			b.ReportAllocs()
			for b.Loop() {
				if res, err := p.Call(context.Background(), sp, "echo", args); err != nil || res.IsError {
					b.Fatal(err, res)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
