package upstream

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServedRereadsURLServers: a server
// reached by URL sends no notifications/tools/list_changed to the pool
// (no standalone stream) and is never restarted, so its tool list is
// read again once RelistEvery has passed: a tool it adds or changes
// while running is seen without a restart of the console.
func TestServedRereadsURLServers(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "growing", Version: "1"}, nil)
	obj := map[string]any{"type": "object"}
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	srv.AddTool(&mcp.Tool{Name: "first", Description: "the first tool", InputSchema: obj}, noop)
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true}))
	defer hs.Close()
	p := NewPool(nil)
	defer p.Close()
	p.RelistEvery = 200 * time.Millisecond
	var clock atomic.Int64
	clock.Store(time.Now().UnixNano())
	p.clock = func() time.Time { return time.Unix(0, clock.Load()) }
	sp := Spec{Name: "growing", URL: hs.URL}
	ctx := context.Background()
	names := func() []string {
		tools, _, err := p.Served(ctx, sp)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tl := range tools {
			out = append(out, tl.Name)
		}
		return out
	}
	if got := names(); !slices.Equal(got, []string{"first"}) {
		t.Fatalf("first listing: %v", got)
	}
	srv.AddTool(&mcp.Tool{Name: "second", Description: "added while running", InputSchema: obj}, noop)
	if got := names(); slices.Contains(got, "second") {
		t.Errorf("read again at once (every call would list): %v", got)
	}
	clock.Add(int64(300 * time.Millisecond))
	if got := names(); !slices.Contains(got, "second") {
		t.Errorf("after RelistEvery: %v", got)
	}
}
