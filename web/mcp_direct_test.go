package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayDirectPathAnswersAsTheSDK: every tools/call and tools/list
// of an established session gets the same status, headers and body
// bytes whether the direct path or the SDK serves it — results, refusals
// (SEARCH_REQUIRED, unavailable, invalid arguments), odd ids and params —
// and the requests the direct path cannot vouch for (an odd header, id,
// params or field case) are left to the SDK. Once with a deferred
// profile, once with every tool listed (one tool's description holds
// the characters an HTML-escaping encoder would change).
func TestGatewayDirectPathAnswersAsTheSDK(t *testing.T) {
	for _, deferred := range []bool{true, false} {
		t.Run(fmt.Sprintf("deferred=%v", deferred), func(t *testing.T) { directAnswersAsTheSDK(t, deferred) })
	}
}

func directAnswersAsTheSDK(t *testing.T, deferred bool) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	up.MCP.AddTool(&mcp.Tool{Name: "compare", Description: "Compare <a> & <b>, say which is larger.",
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string", "description": "<a> & more"}}}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "<a> & <b>"}}}, nil
		})
	f := h.gatewayFixture("demo", up.URL, deferred)
	cs, _ := f.connect(t, nil)
	gw := h.app.gw
	post := func(body string, hdr map[string]string) gwAnswer {
		t.Helper()
		return f.postMessage(t, cs.ID(), body, hdr)
	}
	// compare sends body both ways and reports whether the direct path
	// answered it
	compare := func(body string, hdr map[string]string) bool {
		t.Helper()
		gw.direct.Store(false)
		before := gw.directServed.Load()
		viaSDK := post(body, hdr)
		if gw.directServed.Load() != before {
			t.Fatal("the direct path answered while switched off")
		}
		gw.direct.Store(true)
		direct := post(body, hdr)
		if direct != viaSDK {
			t.Errorf("%s %v:\n direct %+v\n    sdk %+v", body, hdr, direct, viaSDK)
		}
		return gw.directServed.Load() != before
	}
	served := []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":"list-2","method":"tools/list","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"","_meta":{"a":1}}}`,
		// inactive before the search: SEARCH_REQUIRED
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"demo.nothing","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"nons","arguments":{}}}`,
	}
	for _, b := range served {
		if !compare(b, nil) {
			t.Errorf("left to the SDK: %s", b)
		}
	}
	if deferred {
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
	} else if a := post(served[0], nil); !strings.Contains(a.body, "Compare <a> & <b>") {
		t.Fatalf("the tool list lacks the description with <, > and &: %s", a.body)
	}
	served = []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"<b>&</b> é \u2028"}}}`,
		`{"jsonrpc":"2.0","id":"x\u0041","method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"},"_meta":{"progressToken":"p"}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":7}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"demo.echo"}}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"},"extra":true}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"demo.compare","arguments":{"a":"x"}}}`,
	}
	for _, b := range served {
		if !compare(b, nil) {
			t.Errorf("left to the SDK: %s", b)
		}
	}
	if !compare(served[1], map[string]string{"Accept": "*/*", "MCP-Protocol-Version": ""}) {
		t.Error("left to the SDK: Accept */* and no protocol version")
	}
	left := []struct {
		body string
		hdr  map[string]string
	}{
		{`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"Name":"demo.echo","arguments":{"text":"hi"}}}`, nil},
		{`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":null}`, nil},
		{`{"jsonrpc":"2.0","id":14,"method":"tools/call"}`, nil},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, nil},
		{`{"jsonrpc":"2.0","id":15,"method":"tools/list","params":[]}`, nil},
		{`{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-11-25"}}}`, nil},
		{`{"jsonrpc":"2.0","id":17,"method":"tools/list"}`, map[string]string{"Accept": "application/json"}},
		{`{"jsonrpc":"2.0","id":18,"method":"tools/list"}`, map[string]string{"Content-Type": "text/plain"}},
		{`{"jsonrpc":"2.0","id":19,"method":"tools/list"}`, map[string]string{"MCP-Protocol-Version": "1999-01-01"}},
		{`{"jsonrpc":"2.0","id":20,"method":"tools/list"}`, map[string]string{"Last-Event-ID": "a_1"}},
		{`{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"demo.echo","arguments":` + strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + `}}`, nil},
	}
	for _, l := range left {
		if compare(l.body, l.hdr) {
			t.Errorf("the direct path answered %s %v", l.body, l.hdr)
		}
	}
}

// TestGatewayRoutesByTheNameTheSDKReads: the router reads a message's
// method, id and tool name as the SDK does (field names match exactly),
// so a second key that differs only in case cannot send a search down
// the direct path (where it ran without a protocol session: a panic, a
// 500 page, and the activation already saved) or a call down the
// search's event stream. Each body gets a 200 JSON-RPC answer.
func TestGatewayRoutesByTheNameTheSDKReads(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_tools","NAME":"demo.echo","arguments":{"query":"echo a text back"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"NAME":"search_tools","name":"demo.echo","arguments":{"text":"hi"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"Name":"search_tools","name":"search_tools","arguments":{"query":"echo"}}}`,
	} {
		a := f.postMessage(t, cs.ID(), body, nil)
		if a.status != http.StatusOK || !strings.Contains(a.body, `"jsonrpc":"2.0"`) || !strings.Contains(a.body, `"result"`) {
			t.Errorf("%s: %d %s", body, a.status, clip(a.body, 300))
		}
	}
}
