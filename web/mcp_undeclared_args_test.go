package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesUndeclaredArguments: a member the reviewed schema
// does not declare (the filter object declares its members and says
// nothing of others) was never seen by the reviewer. Both call paths
// answer invalid_arguments naming its JSON pointer, and the upstream is
// never called; the declared members alone pass.
func TestGatewayRefusesUndeclaredArguments(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	calls := 0
	up.MCP.AddTool(annotatedTool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls++
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "none"}}, StructuredContent: map[string]any{"records": []any{}}}, nil
	})
	f := h.gatewayFixture("shop", up.URL, false)
	cs, _ := f.connect(t, nil)
	gw := h.app.gw
	body := `{"kind":"order","filter":{"status":"open","recipient_override":"mallory"}}`
	for i, direct := range []bool{true, false} {
		gw.direct.Store(direct)
		msg := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"shop.annotated","arguments":%s}}`, i+1, body)
		a := f.postMessage(t, cs.ID(), msg, nil)
		var resp struct {
			Result struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		if a.status != 200 || json.Unmarshal([]byte(a.body), &resp) != nil || len(resp.Result.Content) != 1 {
			t.Fatalf("direct=%v: %+v", direct, a)
		}
		text := resp.Result.Content[0].Text
		if !resp.Result.IsError || errType(text) != authority.TypeInvalidArguments ||
			!strings.Contains(text, `"pointer":"/filter/recipient_override"`) || !strings.Contains(text, "is not declared by the reviewed schema") {
			t.Errorf("direct=%v: %s", direct, text)
		}
	}
	gw.direct.Store(true)
	if calls != 0 {
		t.Errorf("the upstream was called %d times", calls)
	}
	if text, isErr := call(t, cs, "shop.annotated", map[string]any{"kind": "order", "filter": map[string]any{"status": "open"}}, nil); isErr || calls != 1 {
		t.Errorf("a declared call: %s (upstream called %d times)", text, calls)
	}
}

// TestGatewayRefusesArgumentsOfANoParameterTool: a tool whose schema
// declares no property ("properties": {}) was reviewed as taking no
// argument: a call with one answers invalid_arguments naming it and the
// upstream is never called; a call without one runs.
func TestGatewayRefusesArgumentsOfANoParameterTool(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	calls := 0
	up.MCP.AddTool(&mcp.Tool{Name: "read_all", Description: "Reads the whole store.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			calls++
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "all"}}}, nil
		})
	f := h.gatewayFixture("store", up.URL, false)
	cs, _ := f.connect(t, nil)
	text, isErr := call(t, cs, "store.read_all", map[string]any{"x": 1}, nil)
	if !isErr || errType(text) != authority.TypeInvalidArguments || !strings.Contains(text, `"pointer":"/x"`) {
		t.Errorf("an undeclared argument of a no-parameter tool: %s", text)
	}
	if calls != 0 {
		t.Errorf("the upstream was called %d times", calls)
	}
	if text, isErr := call(t, cs, "store.read_all", map[string]any{}, nil); isErr || calls != 1 {
		t.Errorf("a call without arguments: %s (upstream called %d times)", text, calls)
	}
}
