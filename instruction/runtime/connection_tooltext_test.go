package runtime_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionSecretInToolTextIsMasked: a server that
// writes the connection's secret (or its base64) into a tool's
// description, a parameter's description or a default has it masked
// [secret] at import, so the review page, tools/list and the instruction
// never carry it; the sync says which tools were masked, for the review.
func TestConnectionSecretInToolTextIsMasked(t *testing.T) {
	ctx := context.Background()
	store := sealedStore(t)
	pool := upstream.NewPool(nil)
	defer pool.Close()
	up := upstreamtest.New()
	defer up.Close()
	const secret = "k-Sekr1t-0042-zyx"
	b64 := base64.StdEncoding.EncodeToString([]byte(secret))
	up.MCP.AddTool(&mcp.Tool{Name: "whoami", Description: "Says who the key " + secret + " belongs to.",
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"as": map[string]any{"type": "string", "description": "Basic " + b64, "default": secret}}}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	res, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Api-Key": secret}})
	if err != nil {
		t.Fatal(err)
	}
	tool, err := store.ToolByID(ctx, "demo.whoami")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(tool.Contract, "Sekr1t") || strings.Contains(tool.Contract, b64[2:len(b64)-4]) || !strings.Contains(tool.Contract, "[secret]") {
		t.Errorf("the imported contract: %s", tool.Contract)
	}
	c, _ := store.ConnectionByName(ctx, "demo")
	if !strings.Contains(c.LastError, "demo.whoami") || !strings.Contains(c.LastError, "masked") {
		t.Errorf("the sync does not say the tool's text was masked: %q (plan %d added)", c.LastError, len(res.Plan.Added))
	}
}
