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

// TestGatewayRefusesDuplicateKeys: arguments holding a key twice in one
// object (at the top or nested) mean two things at once — the schema
// check and the idempotency digest read the last value, a server may
// read the first. Both call paths (direct and the SDK's) answer
// invalid_arguments naming the JSON pointer of the duplicate, and the
// upstream is never called. Failing test first. So are strings that are
// not valid UTF-8 or escape half a surrogate pair (a decoder reads U+FFFD:
// the server would get other text than was sent and checked).
func TestGatewayRefusesDuplicateKeys(t *testing.T) {
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
	gw := h.app.gw
	cases := []struct{ tool, args, pointer string }{
		{"shop.echo", `{"text":"a","text":"rm -rf"}`, "/text"},
		{"shop.echo", `{"text":"a","t\u0065xt":"b"}`, "/text"},
		{"shop.annotated", `{"kind":"order","filter":{"status":"open","tags":["a"],"status":"closed"}}`, "/filter/status"},
		{"shop.annotated", `{"kind":"order","filter":{"tags":[{"x":1,"x":2}]}}`, "/filter/tags/0/x"},
		// text a decoder would not read as sent (the server got U+FFFD)
		{"shop.echo", "{\"text\":\"a\xffb\"}", "/text"},
		{"shop.echo", `{"text":"\ud800 alone"}`, "/text"},
	}
	for i, c := range cases {
		for _, direct := range []bool{true, false} {
			gw.direct.Store(direct)
			before := gw.directServed.Load()
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, i+1, c.tool, c.args)
			a := f.postMessage(t, cs.ID(), body, nil)
			if (gw.directServed.Load() != before) != direct {
				t.Fatalf("direct=%v: the path taken was not the one meant", direct)
			}
			var resp struct {
				Result struct {
					IsError bool `json:"isError"`
					Content []struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"result"`
			}
			if a.status != 200 || json.Unmarshal([]byte(a.body), &resp) != nil || len(resp.Result.Content) != 1 {
				t.Fatalf("direct=%v %s: %+v", direct, c.args, a)
			}
			text := resp.Result.Content[0].Text
			if !resp.Result.IsError || errType(text) != authority.TypeInvalidArguments || !strings.Contains(text, `"pointer":"`+c.pointer+`"`) {
				t.Errorf("direct=%v %s: %s", direct, c.args, text)
			}
		}
	}
	gw.direct.Store(true)
	if up.Calls("echo") != 0 || calls != 0 {
		t.Errorf("the upstream was called: echo %d, annotated %d", up.Calls("echo"), calls)
	}
	// the same keys once each pass
	if text, isErr := call(t, cs, "shop.echo", map[string]any{"text": "once"}, nil); isErr || text != "once" {
		t.Errorf("a valid call: %s", text)
	}
}
