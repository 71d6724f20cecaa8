package web

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
)

// TestEncodedOnceAnswersAsEncodedWhole: a list built from its tools'
// stored JSON, and a response with its result spliced in, are the bytes
// of encoding the whole value (tools with <, > and &, ids of each kind,
// an empty list, a cursor).
func TestEncodedOnceAnswersAsEncodedWhole(t *testing.T) {
	var c toolJSONCache
	html := contractTool(catalog.Contract{ID: "demo.cmp", Purpose: "Compare <a> & <b>.", Effects: catalog.EffectsReadOnly})
	lists := []*mcp.ListToolsResult{
		{Tools: []*mcp.Tool{}},
		{Tools: []*mcp.Tool{searchTool()}},
		{Tools: []*mcp.Tool{searchTool(), html, html}},
		{Tools: []*mcp.Tool{html}, NextCursor: "c<1>"},
	}
	for _, id := range []any{float64(7), float64(0), float64(-12), float64(9007199254740991), "x<&>", "", float64(3.5)} {
		jid, err := jsonrpc.MakeID(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lists {
			whole, err := mcpJSON(l)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.listJSON(l)
			if err != nil || string(got) != string(whole) {
				t.Errorf("list: %v\n got %s\nwant %s", err, got, whole)
			}
			resp, err := responseJSON(jid, got)
			want, err2 := directResponse(jid, l, nil)
			if err != nil || err2 != nil || string(resp) != string(want) {
				t.Errorf("response: %v %v\n got %s\nwant %s", err, err2, resp, want)
			}
		}
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "<b>&</b>"}}, StructuredContent: map[string]any{"a": "<"}}
		b, err := mcpJSON(res)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := responseJSON(jid, b)
		want, err2 := directResponse(jid, res, nil)
		if err != nil || err2 != nil || string(resp) != string(want) {
			t.Errorf("call: %v %v\n got %s\nwant %s", err, err2, resp, want)
		}
	}
}
