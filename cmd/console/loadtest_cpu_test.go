package main

import (
	"bytes"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestProcCPUCountsThisProcess: /proc's CPU time of this process grows by
// about the CPU a busy loop burns, and the report line states the CPU per
// request.
func TestProcCPUCountsThisProcess(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	m := startCPU(os.Getpid())
	if !m.ok {
		t.Fatal("cannot read this process's CPU time")
	}
	var burn int
	for start := m.start; ; burn++ {
		if now, _ := procCPU(os.Getpid()); now-start >= 50*time.Millisecond {
			break
		}
	}
	var out bytes.Buffer
	m.report(&out, 10)
	got := regexp.MustCompile(`^server CPU per request: ([0-9.]+) µs \(([0-9.]+) s over 10 requests, pid [0-9]+\)\n$`).FindStringSubmatch(out.String())
	if got == nil {
		t.Fatalf("report %q", out.String())
	}
	if used, _ := strconv.ParseFloat(got[2], 64); used < 0.05 {
		t.Errorf("measured %s s, want at least 0.05 s", got[2])
	}
	out.Reset()
	startCPU(0).report(&out, 10)
	if out.Len() != 0 {
		t.Errorf("no pid printed %q", out.String())
	}
}
