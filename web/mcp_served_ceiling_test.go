package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestGatewayCeilingBoundsWhatIsServed: the result ceiling bounds the
// answer the client reads, not the server's bytes: a server answering a
// short text beside a large structured content (the output schema allows
// more members) is under the ceiling as it came, but the text served is
// the structured content's serialized form, which doubles it past the
// ceiling: result_too_large. The same answer fits a ceiling above what is
// served.
func TestGatewayCeilingBoundsWhatIsServed(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "blobs", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "blob", Description: "Read a blob of data by its name.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema:  map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string", "description": "The blob's name."}}},
		OutputSchema: map[string]any{"type": "object", "properties": map[string]any{"data": map[string]any{"type": "string", "description": "The blob."}}}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}, StructuredContent: map[string]any{"data": strings.Repeat("x", 300)}}, nil
		})
	up := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true}))
	defer up.Close()
	for _, c := range []struct {
		ceiling int
		refused bool
	}{{500, true}, {900, false}} {
		h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(cf *Config) { cf.ResultCeiling = c.ceiling })
		f := h.gatewayFixture("demo", up.URL, false)
		cs, _ := f.connect(t, nil)
		text, isErr := call(t, cs, "demo.blob", map[string]any{"name": "b"}, nil)
		if c.refused && (!isErr || errType(text) != typeResultTooLarge) {
			t.Errorf("ceiling %d: served %d bytes of text (isError %v), want result_too_large", c.ceiling, len(text), isErr)
		}
		if !c.refused && (isErr || !strings.Contains(text, `"data"`)) {
			t.Errorf("ceiling %d: %s", c.ceiling, text)
		}
	}
}
