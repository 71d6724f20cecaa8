package upstream

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestForgetStopsTheChild: a removed connection's stdio server is
// stopped (ForgetName), another name's is not, and the next use starts
// a new one.
func TestForgetStopsTheChild(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "stdio", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	ctx := context.Background()
	pid := func() int {
		res, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`))
		if err != nil {
			t.Fatalf("pid: %v", err)
		}
		var n int
		fmt.Sscan(res.Content[0].(*mcp.TextContent).Text, &n)
		return n
	}
	gone := func(pid int) bool {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if syscall.Kill(pid, 0) != nil {
				return true
			}
		}
		return false
	}
	first := pid()
	p.ForgetName("other")
	if syscall.Kill(first, 0) != nil {
		t.Fatal("forgetting another name stopped this server")
	}
	p.ForgetName("stdio")
	if !gone(first) {
		t.Errorf("after ForgetName the server (pid %d) still runs", first)
	}
	if second := pid(); second == first {
		t.Fatal("no new process after ForgetName")
	}
}
