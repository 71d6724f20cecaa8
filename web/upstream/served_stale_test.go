package upstream

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServedRelistsOnceAndKeepsTheLastListing: while a
// URL server's tool list is stale, the calls that need it share one
// tools/list (not one each), and a transient failure of that list does
// not fail them: the last listing, still at hand, is used until a
// listing succeeds. Time is the pool's clock, moved by the test.
func TestServedRelistsOnceAndKeepsTheLastListing(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "flaky", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "only", Description: "the only tool", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true})
	var lists atomic.Int64
	var failing atomic.Bool
	var hold sync.Mutex // held: tools/list waits
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		if bytes.Contains(b, []byte(`"method":"tools/list"`)) {
			lists.Add(1)
			if failing.Load() {
				http.Error(w, "busy", http.StatusServiceUnavailable)
				return
			}
			hold.Lock()
			hold.Unlock() //nolint:staticcheck // waits while the test holds it
		}
		h.ServeHTTP(w, r)
	}))
	defer hs.Close()
	p := NewPool(nil)
	defer p.Close()
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var clock atomic.Int64
	clock.Store(now.UnixNano())
	p.clock = func() time.Time { return time.Unix(0, clock.Load()) }
	advance := func() { clock.Add(int64(2 * p.relistEvery())) }
	sp := Spec{Name: "flaky", URL: hs.URL}
	ctx := context.Background()
	first, _, err := p.Served(ctx, sp)
	if err != nil || len(first) != 1 {
		t.Fatalf("first listing: %v %v", first, err)
	}

	// stale, and the list fails: the last listing is used
	advance()
	failing.Store(true)
	tools, _, err := p.Served(ctx, sp)
	if err != nil || len(tools) != 1 || tools[0].Name != "only" {
		t.Fatalf("a stale listing whose relist failed: %v %v, want the last listing", tools, err)
	}
	failing.Store(false)

	// stale, many calls at once: one tools/list
	advance()
	before := lists.Load()
	hold.Lock()
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := p.Served(ctx, sp); err != nil {
				errs <- err
			}
		}()
	}
	// wait until the first relist reached the server, then give the
	// others the chance to send their own
	for lists.Load() == before {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	hold.Unlock()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := lists.Load() - before; n != 1 {
		t.Errorf("16 calls on a stale listing sent %d tools/list, want 1", n)
	}
}
