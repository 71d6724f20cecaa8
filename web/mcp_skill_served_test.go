package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGatewayLoadSkillOnlyForServedTools: the demo agent analyst has
// only built-in tools, which no connection serves. Its skill
// quarterly-report requires them, so the gateway neither lists
// load_skill nor answers the skill's procedure: what no connection
// serves is reachable by no lookup (list, search, call, skills).
func TestGatewayLoadSkillOnlyForServedTools(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	front := httptest.NewServer(h.app.Handler())
	defer front.Close()
	cl := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: front.URL + "/mcp/analyst",
		HTTPClient: &http.Client{Transport: headerTransport{"Authorization": "Bearer " + key}}, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	ins := cs.InitializeResult().Instructions
	names := toolNames(t, cs)
	if !strings.Contains(ins, "no tools") || strings.Contains(ins, "quarterly-report") {
		t.Fatalf("the instruction of an agent with no served tool: %q", ins)
	}
	if slices.Contains(names, "load_skill") {
		t.Errorf("tools/list serves load_skill for skills whose tools no connection serves: %v", names)
	}
	for _, tool := range []string{"read_spreadsheet", "workspace_write"} {
		if text, isErr := call(t, cs, tool, map[string]any{}, nil); !isErr || !strings.Contains(text, "No tool named") {
			t.Errorf("the unserved built-in %s: %q, want unavailable", tool, text)
		}
	}
	if text, isErr := call(t, cs, "load_skill", map[string]any{"slug": "quarterly-report"}, nil); !isErr || strings.Contains(text, "qbr") {
		t.Errorf("load_skill answered the procedure of a skill whose tools no connection serves:\n%.300s", text)
	}
}
