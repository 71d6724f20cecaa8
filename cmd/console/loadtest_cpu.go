package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/agentforge/console/instruction/plural"
)

// userHZ is the unit of /proc/PID/stat's CPU times (USER_HZ, 100 on
// Linux whatever the kernel's tick).
const userHZ = 100

// procCPU is the CPU time (user and system) process pid has used so far,
// read from /proc; ok is false when it cannot be read (not Linux, no such
// process).
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// the command name in parentheses may hold spaces: fields count from
	// the last ')' (state is field 3, utime 14 and stime 15)
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	ut, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	st, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(ut+st) * time.Second / userHZ, true
}

// cpuMeter measures a server process's CPU over a measured run: on a
// shared machine the rate moves with everyone else's load, the CPU a
// request costs the server much less.
type cpuMeter struct {
	pid        int
	start, end time.Duration
	ok         bool
}

// startCPU starts measuring pid (0: measure nothing).
func startCPU(pid int) *cpuMeter {
	m := &cpuMeter{pid: pid}
	if pid > 0 {
		m.start, m.ok = procCPU(pid)
	}
	return m
}

// stop ends the measure (report stops it if stop was not called).
func (m *cpuMeter) stop() {
	if m.ok && m.end == 0 {
		m.end, m.ok = procCPU(m.pid)
	}
}

// report prints the server's CPU per request over n requests, if measured.
func (m *cpuMeter) report(w io.Writer, n int) {
	m.stop()
	if !m.ok || n == 0 {
		return
	}
	used := m.end - m.start
	fmt.Fprintf(w, "server CPU per request: %.1f µs (%.2f s over %s, pid %d)\n", float64(used.Nanoseconds())/1e3/float64(n), used.Seconds(), plural.Count(n, "request"), m.pid)
}
