package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestEveryCallPathChecksNumbersAsAServerReadsThem: the gateway,
// /authorize and a run's call check arguments with the one check, which
// holds a number to the reviewed schema both as sent and as the 64-bit
// float a server reads: 1e-400 (a float reads 0) is refused for an amount
// above 0, 0.99999999999999999999 (a float reads 1) for a ratio below 1,
// each naming its pointer, and the server is never called.
func TestEveryCallPathChecksNumbersAsAServerReadsThem(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	no := false
	var ran atomic.Int64
	up.MCP.AddTool(&mcp.Tool{Name: "pay", Description: "Pay a positive amount at a ratio below one, for a test of number checks.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no},
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{
			"amount": map[string]any{"type": "number", "exclusiveMinimum": 0, "description": "A positive amount."},
			"ratio":  map[string]any{"type": "number", "exclusiveMaximum": 1, "description": "A ratio below one."}}}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ran.Add(1)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "paid"}}}, nil
		})
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	cases := map[string]string{`{"amount":1e-400}`: "/amount", `{"ratio":0.99999999999999999999}`: "/ratio"}
	refused := func(path string, e *authority.Error, pointer string) {
		t.Helper()
		if e == nil || e.Type != authority.TypeInvalidArguments || len(e.Problems) != 1 || e.Problems[0].Pointer != pointer {
			t.Errorf("%s: %+v, want invalid_arguments at %s", path, e, pointer)
		}
	}
	for raw, pointer := range cases {
		text, isErr := call(t, cs, "demo.pay", json.RawMessage(raw), nil)
		var g struct{ Error *authority.Error }
		_ = json.Unmarshal([]byte(text), &g)
		if !isErr {
			t.Errorf("gateway %s: ran (%s)", raw, text)
		}
		refused("gateway "+raw, g.Error, pointer)

		_, out := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.pay", "arguments": json.RawMessage(raw)})
		var a decisionBody
		_ = json.Unmarshal(out, &a)
		refused("/authorize "+raw, a.Error, pointer)

		_, out = h.api(http.MethodPost, "/api/v1/runs/r1/calls", f.key, map[string]any{"agent": "helper", "tool": "demo.pay", "pins": []string{"demo.pay"}, "receipts": []any{}, "arguments": json.RawMessage(raw)})
		var c struct {
			Status string
			Error  *authority.Error
		}
		_ = json.Unmarshal(out, &c)
		if c.Status != "denied" {
			t.Errorf("run call %s: %s", raw, out)
		}
		refused("run call "+raw, c.Error, pointer)
	}
	// the numbers a float reads within the rules pass on every path
	ok := `{"amount":0.01,"ratio":0.5}`
	if text, isErr := call(t, cs, "demo.pay", json.RawMessage(ok), nil); isErr || text != "paid" {
		t.Errorf("gateway %s: %s", ok, text)
	}
	if _, out := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.pay", "arguments": json.RawMessage(ok)}); !strings.Contains(string(out), `"decision":"allow"`) {
		t.Errorf("/authorize %s: %s", ok, out)
	}
	if n := ran.Load(); n != 1 {
		t.Errorf("the server ran pay %d times, want once (the valid call)", n)
	}
}
