package upstreamtest

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLeanServesTheSDKClient: the SDK's client connects to a Lean server,
// lists its tools and calls echo (answered) and another tool (a tool
// error); a request of an unknown session is refused.
func TestLeanServesTheSDKClient(t *testing.T) {
	s := NewLean()
	defer s.Close()
	cl := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: s.URL, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if v := cs.InitializeResult().ProtocolVersion; v != LeanVersion {
		t.Errorf("protocol version %q", v)
	}
	lr, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(lr.Tools) != len(Tools()) || lr.Tools[0].Name != "echo" {
		t.Fatalf("tools/list: %v %+v", err, lr)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": `a "quoted" text`}})
	if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != `a "quoted" text` {
		t.Fatalf("echo: %v %+v", err, res)
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "remember", Arguments: map[string]any{"key": "k", "fact": "f"}})
	if err != nil || !res.IsError {
		t.Fatalf("remember: %v %+v", err, res)
	}
	if s.Calls() != 2 {
		t.Errorf("%d calls counted, want 2", s.Calls())
	}
	req, _ := http.NewRequest(http.MethodPost, s.URL, nil)
	req.Header.Set("Mcp-Session-Id", "nobody")
	req.Body = http.NoBody
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != http.StatusBadRequest {
		t.Errorf("an empty body: %v %v", err, r)
	}
	req, _ = http.NewRequest(http.MethodPost, s.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	req.Header.Set("Mcp-Session-Id", "nobody")
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown session: %v %v", err, r)
	}
}
