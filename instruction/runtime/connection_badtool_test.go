package runtime_test

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestOneBadToolIsRefusedAlone: a server listing one bad tool (a control
// character in its name, a schema that is not one, a description over the
// ceiling) has that tool refused on its own, named in the sync's status
// (its place, its name, the field), and its other tools imported.
func TestOneBadToolIsRefusedAlone(t *testing.T) {
	ctx := context.Background()
	store := sealedStore(t)
	pool := upstream.NewPool(nil)
	defer pool.Close()
	cases := []struct {
		name  string
		tool  *mcp.Tool
		field string
	}{
		{"control", &mcp.Tool{Name: "bad\x01name", Description: "A tool.", InputSchema: map[string]any{"type": "object"}}, "name"},
		{"schema", &mcp.Tool{Name: "badschema", Description: "A tool.", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"type": 7}}}}, "inputSchema"},
		{"long", &mcp.Tool{Name: "wordy", Description: strings.Repeat("word ", 10000), InputSchema: map[string]any{"type": "object"}}, "description"},
		// over the ceilings of the whole document: a text, a depth
		{"huge", &mcp.Tool{Name: "huge", Description: strings.Repeat("word ", 300000), InputSchema: map[string]any{"type": "object"}}, "description"},
		{"deep", &mcp.Tool{Name: "deep", Description: "A tool.", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"x": deep(70)}}}, "inputSchema"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			up := upstreamtest.New()
			defer up.Close()
			name := "demo_" + tc.name
			if _, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: name, URL: up.URL}); err != nil {
				t.Fatal(err)
			}
			up.MCP.AddTool(tc.tool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
			res, err := runtime.SyncConnection(ctx, store, pool, "alice", name)
			if err != nil {
				t.Fatalf("sync with one bad tool: %v", err)
			}
			if len(res.Refused) == 0 || !strings.HasPrefix(res.Refused[0].Field, tc.field) {
				t.Errorf("refused %v, want the %s named", res.Refused, tc.field)
			}
			if echo, err := store.ToolByID(ctx, name+".echo"); err != nil || echo.Status != models.ToolCandidate {
				t.Errorf("echo after the sync: %v %v", echo, err)
			}
			c, _ := store.ConnectionByName(ctx, name)
			if !strings.Contains(c.LastError, "tool #") || !strings.Contains(c.LastError, "field "+tc.field) || !strings.Contains(c.LastError, strings.ReplaceAll(tc.tool.Name, "\x01", `\x01`)) {
				t.Errorf("the sync status does not name the tool's place and field: %q", c.LastError)
			}
		})
	}
}

// deep is a schema nested n objects deep.
func deep(n int) map[string]any {
	s := map[string]any{"type": "string"}
	for range n {
		s = map[string]any{"type": "object", "properties": map[string]any{"x": s}}
	}
	return s
}
