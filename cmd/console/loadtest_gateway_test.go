package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/loadgen"
	"github.com/agentforge/console/web/upstream/leanserver"
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
	var s *loadgen.Session
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if s, err = loadgen.Start(context.Background(), hc, "http://"+addr+"/mcp", "", leanserver.Version); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Call("echo", `{"text":"hello"}`); err != nil {
		t.Errorf("echo: %v", err)
	}
	if err := s.Call("no_such_tool", `{}`); err == nil || !strings.Contains(err.Error(), "tool error") {
		t.Errorf("an unknown tool: %v, want a tool error", err)
	}
	if err := s.List(); err != nil {
		t.Errorf("tools/list: %v", err)
	}
	s.Close()
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
