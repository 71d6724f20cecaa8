package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestConnectionOneTool: a server of one tool is "1 tool", never "1
// tools", in the sync line and the list.
func TestConnectionOneTool(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "one", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "think", Description: "Think a step.", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: true}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	out, err := runCLI(t, db, "connection", "add", "think", "--url", srv.URL, "--as", "admin")
	if err != nil || !strings.Contains(out, "synced think: 1 tool listed;") {
		t.Errorf("add: %v\n%s", err, out)
	}
	if out, _ = runCLI(t, db, "connection", "list"); !strings.Contains(out, "\tok\t1 tool\t") {
		t.Errorf("list:\n%s", out)
	}
}
