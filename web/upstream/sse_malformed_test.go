package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMalformedEventFailsOnlyItsCall: one malformed event in
// a call's event stream, or a call's JSON body that does not decode,
// fails that call — an error, never a result — but
// does not end the upstream session: the next call is answered on the
// same session (no second initialize).
func TestMalformedEventFailsOnlyItsCall(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "sse", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "echo", Description: "echo", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	var inits atomic.Int64
	var garble, garbleJSON atomic.Bool
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		if bytes.Contains(b, []byte(`"method":"initialize"`)) {
			inits.Add(1)
		}
		if garble.Load() && bytes.Contains(b, []byte(`"method":"tools/call"`)) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.Header().Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
			_, _ = io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\n\n")
			return
		}
		if garbleJSON.Load() && bytes.Contains(b, []byte(`"method":"tools/call"`)) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer hs.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "sse", URL: hs.URL}
	ctx := context.Background()
	if _, err := p.Call(ctx, sp, "echo", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	garble.Store(true)
	if res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{}`)); err == nil {
		t.Fatalf("a malformed event answered the call: %+v", res)
	}
	garble.Store(false)
	garbleJSON.Store(true)
	if res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{}`)); err == nil {
		t.Fatalf("a malformed JSON body answered the call: %+v", res)
	}
	garbleJSON.Store(false)
	res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{}`))
	if err != nil || res.IsError {
		t.Fatalf("the call after the malformed event: %+v %v", res, err)
	}
	if n := inits.Load(); n != 1 {
		t.Errorf("%d initializes: the malformed event ended the session", n)
	}
}
