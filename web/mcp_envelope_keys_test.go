package web

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesDuplicateEnvelopeKeys: a JSON-RPC message holding a
// key twice (the tool's name, the id, the method, the arguments) is an invalid request
// naming the key, never read last-one-wins: a reader in front of the
// gateway may take the first. Nothing is called.
func TestGatewayRefusesDuplicateEnvelopeKeys(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	calls := 0
	up.MCP.AddTool(annotatedTool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls++
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "none"}}}, nil
	})
	f := h.gatewayFixture("shop", up.URL, false)
	cs, _ := f.connect(t, nil)
	cases := []struct{ body, pointer string }{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"shop.annotated","name":"shop.echo","arguments":{"text":"a"}}}`, "/params/name"},
		{`{"jsonrpc":"2.0","id":2,"id":3,"method":"tools/call","params":{"name":"shop.echo","arguments":{"text":"a"}}}`, "/id"},
		{`{"jsonrpc":"2.0","id":4,"method":"tools/list","method":"tools/call","params":{"name":"shop.echo","arguments":{"text":"a"}}}`, "/method"},
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"shop.echo","arguments":{"text":"a"},"_meta":{"k":1,"k":2}}}`, "/params/_meta/k"},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"shop.echo","arguments":{"text":"first"},"arguments":{"text":"second"}}}`, "/params/arguments"},
	}
	for _, direct := range []bool{true, false} {
		h.app.gw.direct.Store(direct)
		for _, c := range cases {
			a := f.postMessage(t, cs.ID(), c.body, nil)
			if a.status != 400 || !strings.Contains(a.body, "-32600") || !strings.Contains(a.body, c.pointer) || !strings.Contains(a.body, "more than once") {
				t.Errorf("direct=%v %s: %d %s, want 400 -32600 naming %s", direct, c.pointer, a.status, a.body, c.pointer)
			}
		}
	}
	// a duplicate inside the arguments stays the argument check's
	a := f.postMessage(t, cs.ID(), `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"shop.echo","arguments":{"text":"a","text":"b"}}}`, nil)
	if !strings.Contains(a.body, "invalid_arguments") {
		t.Errorf("arguments: %d %s", a.status, a.body)
	}
	if calls != 0 {
		t.Errorf("the upstream was called %d times", calls)
	}
}
