package upstream

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestListChangedDuringTheReadIsKept: a notifications/tools/list_changed
// whose SDK handler runs while Served is reading the list (here: inside
// the server's answer to that tools/list) must not be lost when the read
// stores the list it got, which is older than the change; the next
// Served reads the list again. Deterministic: the handler is called from
// within the tools/list request, the pool's clock does not move.
func TestListChangedDuringTheReadIsKept(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "racy", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "only", Description: "the only tool", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true})
	var lists atomic.Int64
	var during atomic.Pointer[client] // set: tools/list says the list changed while it is read
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		if bytes.Contains(b, []byte(`"method":"tools/list"`)) {
			lists.Add(1)
			if c := during.Swap(nil); c != nil {
				c.mu.Lock()
				cs := c.cs
				c.mu.Unlock()
				c.forgetListing(cs)
			}
		}
		h.ServeHTTP(w, r)
	}))
	defer hs.Close()
	p := NewPool(nil)
	defer p.Close()
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	p.clock = func() time.Time { return now }
	sp := Spec{Name: "racy", URL: hs.URL}
	ctx := context.Background()
	if _, _, err := p.Served(ctx, sp); err != nil {
		t.Fatal(err)
	}
	c, err := p.client(sp)
	if err != nil {
		t.Fatal(err)
	}
	// the server says its list changed: the next Served reads it, and
	// says it changed again during that read
	c.mu.Lock()
	cs := c.cs
	c.mu.Unlock()
	c.forgetListing(cs)
	during.Store(c)
	before := lists.Load()
	if _, _, err := p.Served(ctx, sp); err != nil {
		t.Fatal(err)
	}
	if n := lists.Load() - before; n != 1 {
		t.Fatalf("a forgotten listing was read %d times, want 1", n)
	}
	if _, _, err := p.Served(ctx, sp); err != nil {
		t.Fatal(err)
	}
	if n := lists.Load() - before; n != 2 {
		t.Errorf("a list_changed said during the read was lost: %d tools/list after it, want 2 (the list read again)", n)
	}
}
