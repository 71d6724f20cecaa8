package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGatewayUncertainOutcomeSaysWhatARetryDoes:
// a call of a tool with effects that times out is uncertain_side_effect,
// and its advice leads somewhere: without an idempotency key it never
// tells the model to retry with one; with a key it says the console will
// not run the call again under that key (a retry answers the same
// uncertain outcome and does not execute), and that a new key runs it
// again once the outcome was checked. The server was called once.
func TestGatewayUncertainOutcomeSaysWhatARetryDoes(t *testing.T) {
	h := sqliteOnly(t)
	var calls atomic.Int64
	srv := mcp.NewServer(&mcp.Implementation{Name: "payments", Version: "1"}, nil)
	yes := true
	srv.AddTool(&mcp.Tool{Name: "pay", Description: "Pay an invoice; slow.", Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes},
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"invoice": map[string]any{"type": "string"}}}},
		func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			calls.Add(1)
			select {
			case <-time.After(3 * time.Second):
			case <-ctx.Done():
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "paid"}}}, nil
		})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true}))
	defer hs.Close()
	f := h.gatewayFixture("pay", hs.URL, false)
	h.app.gw.pool.Timeout = 300 * time.Millisecond
	cs, _ := f.connect(t, nil)
	next := func(text string) []string {
		var e struct {
			Error struct {
				Type string   `json:"type"`
				Next []string `json:"next_actions"`
			} `json:"error"`
		}
		_ = json.Unmarshal([]byte(text), &e)
		if e.Error.Type != typeUncertainEffect {
			t.Fatalf("a call past the timeout: %s", text)
		}
		return e.Error.Next
	}
	text, _ := call(t, cs, "pay.pay", map[string]any{"invoice": "a"}, nil)
	if n := next(text); slices.Contains(n, authority.ActNewIdempotencyKey) || slices.Contains(n, authority.ActRetrySameKey) {
		t.Errorf("a call without a key is told about keys: %v", n)
	}
	meta := map[string]any{"idempotency_key": "pay-a"}
	first, _ := call(t, cs, "pay.pay", map[string]any{"invoice": "b"}, meta)
	retry, _ := call(t, cs, "pay.pay", map[string]any{"invoice": "b"}, meta)
	for _, text := range []string{first, retry} {
		n := next(text)
		if slices.Contains(n, authority.ActRetrySameKey) || !slices.Contains(n, authority.ActNewIdempotencyKey) || !strings.Contains(text, "not run it again") {
			t.Errorf("an uncertain keyed call: %s", text)
		}
	}
	if got := calls.Load(); got != 2 {
		t.Errorf("the server was called %d times, want 2 (the keyed retry never runs)", got)
	}
}
