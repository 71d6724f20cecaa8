package web

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestOutputSchemaWithoutStructuredContent: a tool
// whose reviewed contract has an output schema must answer with
// structuredContent (MCP: a tool with an outputSchema returns it); a
// result without it (here a resource link and an embedded resource
// instead) is result_schema_mismatch and none of its content reaches the
// client. A tool error result without it still passes (an error need not
// match the schema). Review #1: a link or an embedded resource beside a
// valid structuredContent, or in a tool error result, is refused too
// (only text blocks pass), and so is a tool error whose structuredContent
// does not match the schema.
func TestOutputSchemaWithoutStructuredContent(t *testing.T) {
	eachDialect(t, outputSchemaWithoutStructuredContent)
}

func outputSchemaWithoutStructuredContent(t *testing.T, h *harness) {
	up := upstreamtest.New()
	defer up.Close()
	out := map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}, "required": []any{"n"}}
	mode := ""
	up.MCP.AddTool(&mcp.Tool{Name: "typed", Description: "Count the things and return how many.", InputSchema: map[string]any{"type": "object"}, OutputSchema: out,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			switch mode {
			case "omit":
				return &mcp.CallToolResult{Content: []mcp.Content{
					&mcp.ResourceLink{URI: "file:///etc/passwd", Name: "passwd"},
					&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///etc/shadow", Text: "root:SHADOWLINE"}}}}, nil
			case "error":
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "could not count"}}}, nil
			case "beside":
				// review #1: a valid structuredContent with a link and an
				// embedded resource beside it
				return &mcp.CallToolResult{StructuredContent: map[string]any{"n": 3}, Content: []mcp.Content{&mcp.TextContent{Text: `{"n":3}`},
					&mcp.ResourceLink{URI: "file:///etc/passwd", Name: "passwd"},
					&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///etc/shadow", Text: "root:SHADOWLINE"}}}}, nil
			case "error-link":
				// review #1: isError skipped the check entirely
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "could not count"},
					&mcp.ResourceLink{URI: "file:///etc/passwd", Name: "passwd"},
					&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///etc/shadow", Text: "root:SHADOWLINE"}}}}, nil
			case "error-structured":
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "could not count"}}, StructuredContent: map[string]any{"link": "file:///etc/passwd"}}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"n":3}`}}, StructuredContent: map[string]any{"n": 3}}, nil
		})
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	if text, isErr := call(t, cs, "demo.typed", map[string]any{}, nil); isErr {
		t.Fatalf("a result with structuredContent: %s", text)
	}
	mode = "omit"
	text, isErr := call(t, cs, "demo.typed", map[string]any{}, nil)
	if !isErr || errType(text) != typeResultMismatch || strings.Contains(text, "passwd") || strings.Contains(text, "SHADOWLINE") {
		t.Fatalf("a result without structuredContent: %s (error %v)", text, isErr)
	}
	mode = "error"
	if text, isErr := call(t, cs, "demo.typed", map[string]any{}, nil); !isErr || errType(text) == typeResultMismatch || !strings.Contains(text, "could not count") {
		t.Fatalf("a tool error without structuredContent: %s (error %v)", text, isErr)
	}
	// review #1: nothing but text passes beside the checked
	// structuredContent, and an error result carries text only
	for _, m := range []string{"beside", "error-link", "error-structured"} {
		mode = m
		text, isErr := call(t, cs, "demo.typed", map[string]any{}, nil)
		if !isErr || errType(text) != typeResultMismatch || strings.Contains(text, "passwd") || strings.Contains(text, "SHADOWLINE") {
			t.Errorf("%s: %s (error %v), want result_schema_mismatch and none of its content", m, text, isErr)
		}
	}
}
