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

// TestSyncRecordsARefusedToolAsRejected: a live server's tool the catalog
// refuses is a rejected ledger entry with its reason, and the server's
// other tools import and keep their review (a refused tool used
// to stay out of the catalog, invisible, and one that had been imported
// before was removed as if the server had dropped it).
func TestSyncRecordsARefusedToolAsRejected(t *testing.T) {
	ctx := context.Background()
	store := sealedStore(t)
	up := upstreamtest.New()
	defer up.Close()
	pool := upstream.NewPool(nil)
	defer pool.Close()
	if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "demo", URL: up.URL + "/mcp"}); err != nil {
		t.Fatal(err)
	}
	if _, err := runtime.SyncConnection(ctx, store, pool, "alice", "demo"); err != nil {
		t.Fatal(err)
	}
	// the server ships a broken version of slow: a default outside its enum
	broken := &mcp.Tool{Name: "slow", Description: "Wait a moment, then answer done.",
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"pace": map[string]any{"type": "string", "enum": []any{"calm"}, "default": "rush"}}}}
	up.MCP.AddTool(broken, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	res, err := runtime.SyncConnection(ctx, store, pool, "alice", "demo")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refused) != 1 || res.Refused[0].Field != "inputSchema.pace.default" || len(res.Plan.Removed) != 0 || len(res.Plan.Rejecting) != 1 {
		t.Fatalf("sync: refused %v, removed %v, rejecting %d", res.Refused, res.Plan.Removed, len(res.Plan.Rejecting))
	}
	slow, err := store.ToolByID(ctx, "demo.slow")
	if err != nil {
		t.Fatal(err)
	}
	reasons, rejected := slow.RejectedAtImport()
	if !rejected || slow.Status != models.ToolRejected || !strings.Contains(reasons[0].Message, "not one of the enum values") {
		t.Errorf("demo.slow: %s, reasons %v", slow.Status, reasons)
	}
	if echo, _ := store.ToolByID(ctx, "demo.echo"); echo.Status != models.ToolCandidate {
		t.Errorf("demo.echo is %s", echo.Status)
	}
	c, _ := store.ConnectionByName(ctx, "demo")
	if !strings.Contains(c.LastError, "1 refused by the catalog") {
		t.Errorf("connection warning %q", c.LastError)
	}
}
