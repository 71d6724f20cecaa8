package upstream

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServedFollowsTheServer: Served is the tool
// list of the process that serves calls, read once per session; after
// the server says its list changed (notifications/tools/list_changed) it
// is read again, and Restart starts a new process (a new serial) at once.
func TestServedFollowsTheServer(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "growing", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	ctx := context.Background()
	names := func() ([]string, uint64) {
		tools, serial, err := p.Served(ctx, sp)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tl := range tools {
			out = append(out, tl.Name)
		}
		return out, serial
	}
	first, serial := names()
	if slices.Contains(first, "grown") {
		t.Fatalf("grown before grow: %v", first)
	}
	if _, err := p.Call(ctx, sp, "grow", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		got, s := names()
		if slices.Contains(got, "grown") && s == serial {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after list_changed: %v (serial %d, was %d)", got, s, serial)
		}
	}
	if err := p.Restart(ctx, sp, serial); err != nil {
		t.Fatal(err)
	}
	got, s := names()
	if s == serial || slices.Contains(got, "grown") {
		t.Errorf("after a restart: %v, serial %d (was %d)", got, s, serial)
	}
	res, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`))
	if err != nil || res.Content[0].(*mcp.TextContent).Text == "" {
		t.Errorf("a call after the restart: %v", err)
	}
}
