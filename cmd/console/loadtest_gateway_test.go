package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestBareMCPServesTheLoadGenerator: console bare --mcp serves an MCP
// server the gateway load run's generator speaks to as it speaks to the
// gateway: a session initialized, echo answered, an unknown tool a tool
// error the generator counts as a failure, tools/list with tools, the
// session ended. The gateway mode refuses an upstream off this machine.
func TestBareMCPServesTheLoadGenerator(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	out, _ := os.Create(filepath.Join(t.TempDir(), "out"))
	defer out.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"bare", "--mcp", "--addr", addr}, out, out) }()
	hc := &http.Client{Timeout: 10 * time.Second}
	var s *mcpSession
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if s, err = openMCPSession(hc, "http://"+addr+"/mcp", ""); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := s.call("echo", `{"text":"hello"}`); err != nil {
		t.Errorf("echo: %v", err)
	}
	if err := s.call("no_such_tool", `{}`); err == nil || !strings.Contains(err.Error(), "tool error") {
		t.Errorf("an unknown tool: %v, want a tool error", err)
	}
	if err := s.list(); err != nil {
		t.Errorf("tools/list: %v", err)
	}
	s.close()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("bare --mcp ended with %v", err)
	}
	err = run(context.Background(), []string{"loadtest", "--mode", "gateway", "--url", "http://127.0.0.1:1", "--upstream", "http://192.0.2.1/mcp"}, out, out)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "--upstream") {
		t.Errorf("an upstream off this machine: %v, want exit 2 naming --upstream", err)
	}
}

// TestOpenLoadInterleavesAtItsRate: the open loop offers its rate
// whatever the answers do (a stalled request does not hold back the ones
// due behind it) and interleaves its kinds in their pattern.
func TestOpenLoadInterleavesAtItsRate(t *testing.T) {
	o := openLoad{rate: 1000, d: 200 * time.Millisecond, workers: 16, kinds: []int{0, 0, 0, 0, 1}}
	var calls atomic.Int32
	res := o.run(func(kind, w int) error {
		if calls.Add(1) == 1 {
			time.Sleep(50 * time.Millisecond)
		}
		return nil
	})
	if res.unsent[0]+res.unsent[1] != 0 || len(res.lat[0]) != 160 || len(res.lat[1]) != 40 {
		t.Errorf("kinds 0 and 1: %d and %d answered, %d and %d unsent; want 160 and 40, none unsent", len(res.lat[0]), len(res.lat[1]), res.unsent[0], res.unsent[1])
	}
	slow := openLoad{rate: 1000, d: 100 * time.Millisecond, workers: 2, kinds: []int{0}}
	if r := slow.run(func(int, int) error { time.Sleep(30 * time.Millisecond); return nil }); r.unsent[0] == 0 || len(r.lat[0]) != 100 {
		t.Errorf("a server slower than the schedule: %d unsent of %d, want some unsent and every one of the 100 counted", r.unsent[0], len(r.lat[0]))
	}
}
