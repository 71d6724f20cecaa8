package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestToolSetNamingAToolTheAgentDoesNotHave: compose and every route
// that acts on a conversation set (authorize, a run's steps, the
// gateway's initialize URL) answer a tools or without set naming a tool
// the agent does not have exactly as an id no catalog entry has (422,
// the same message but for the id): another agent's tool, and a new
// tool of the agent's own service that no reviewer has approved yet.
// Neither is an oracle for which tools exist beyond the agent's, and a
// candidate is never composed or run in silence.
func TestToolSetNamingAToolTheAgentDoesNotHave(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	up.MCP.AddTool(&mcp.Tool{Name: "fresh", Description: "Do a fresh thing with the memory.", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	if _, err := runtime.SyncConnection(context.Background(), h.store, h.app.gw.pool, "admin", "demo"); err != nil {
		t.Fatal(err)
	}
	if tl, err := h.store.ToolByID(context.Background(), "demo.fresh"); err != nil || tl.Status != models.ToolCandidate {
		t.Fatalf("demo.fresh: %v %v, want a candidate", tl, err)
	}
	subject := `"subject":{"id":"u1","groups":["everyone"]}`
	routes := []struct {
		name string
		send func(param, id string) (int, string)
	}{
		{"compose", func(param, id string) (int, string) {
			return h.apiAnswer("/api/v1/compose", f.key, `{"agent":"helper",`+subject+`,"`+param+`":["`+id+`"]}`)
		}},
		{"authorize", func(param, id string) (int, string) {
			return h.apiAnswer("/api/v1/authorize", f.key, `{"agent":"helper","tool":"demo.echo",`+subject+`,"`+param+`":["`+id+`"]}`)
		}},
		{"run steps", func(param, id string) (int, string) {
			return h.apiAnswer("/api/v1/runs/r-tools-2/steps", f.key, `{"agent":"helper",`+subject+`,"`+param+`":["`+id+`"],"receipts":[]}`)
		}},
		{"gateway initialize", func(param, id string) (int, string) {
			initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
			req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper?"+param+"="+id, strings.NewReader(initialize))
			req.Header.Set("Authorization", "Bearer "+f.key)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Header.Set("X-Subject-Id", "u1")
			req.Header.Set("X-Subject-Groups", "everyone")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var e struct{ Error struct{ Message string } }
			_ = json.NewDecoder(res.Body).Decode(&e)
			return res.StatusCode, e.Error.Message
		}},
	}
	for _, r := range routes {
		for _, param := range []string{"tools", "without"} {
			for _, hidden := range []string{"read_file", "demo.fresh"} {
				t.Run(r.name+" "+param+" "+hidden, func(t *testing.T) {
					hs, hm := r.send(param, hidden)
					us, um := r.send(param, "nope.x")
					if hs != http.StatusUnprocessableEntity || !strings.Contains(hm, param) || !strings.Contains(hm, hidden) {
						t.Errorf("%s: got %d %q, want 422 naming %s and the id", hidden, hs, hm, param)
					}
					if hs != us || strings.ReplaceAll(hm, hidden, "ID") != strings.ReplaceAll(um, "nope.x", "ID") {
						t.Errorf("%s answers %d %q, an unknown id %d %q: want the same answer", hidden, hs, hm, us, um)
					}
				})
			}
		}
	}
	if status, msg := h.apiAnswer("/api/v1/compose", f.key, `{"agent":"helper",`+subject+`,"tools":["demo.echo"]}`); status != http.StatusOK {
		t.Errorf("compose with the agent's own tool: %d %q", status, msg)
	}
}
