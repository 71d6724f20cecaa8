package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pidOf calls the test server's pid tool.
func pidOf(t *testing.T, p *Pool, sp Spec) string {
	t.Helper()
	res, err := p.Call(context.Background(), sp, "pid", json.RawMessage(`{}`))
	if err != nil {
		t.Fatalf("pid: %v", err)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

// TestStdioServerSurvivesNonJSONLines: a stdio
// server that writes lines that are not JSON-RPC on stdout (a banner, a
// log line, a JSON log record or a broken line opening with '{': these
// ended the session before) keeps its session, as the official TypeScript client keeps
// it: the lines are skipped, the call they came with gets its answer and
// the next call reaches the same process.
func TestStdioServerSurvivesNonJSONLines(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "chatty", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	before := pidOf(t, p, sp)
	for _, tool := range []string{"chatter", "braces"} {
		res, err := p.Call(context.Background(), sp, tool, json.RawMessage(`{}`))
		if err != nil || res.Content[0].(*mcp.TextContent).Text != "said" {
			t.Fatalf("a call whose server also wrote lines that are not JSON-RPC (%s): %v", tool, err)
		}
	}
	if after := pidOf(t, p, sp); after != before {
		t.Errorf("lines that are not JSON restarted the server: pid %s, then %s", before, after)
	}
}

// TestOneTimeoutKeepsTheSession: one call that
// times out says nothing about the others: the session stays (the next
// call, made at once, reaches the same server), on stdio and over HTTP;
// only a server that then does not answer a ping is restarted.
func TestOneTimeoutKeepsTheSession(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("stdio", func(t *testing.T) {
		p := NewPool(nil)
		defer p.Close()
		p.Timeout = 500 * time.Millisecond
		sp := Spec{Name: "sleepy", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
		p.Timeout = 10 * time.Second
		before := pidOf(t, p, sp)
		p.Timeout = 500 * time.Millisecond
		if _, err := p.Call(context.Background(), sp, "sleep", json.RawMessage(`{}`)); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("a call past the timeout: %v", err)
		}
		if after := pidOf(t, p, sp); after != before {
			t.Errorf("one timeout restarted the server: pid %s, then %s", before, after)
		}
	})
	srv := mcp.NewServer(&mcp.Implementation{Name: "slow", Version: "1"}, nil)
	obj := map[string]any{"type": "object"}
	srv.AddTool(&mcp.Tool{Name: "slow", Description: "answers after 2 s", InputSchema: obj}, func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		select {
		case <-time.After(2 * time.Second):
		case <-ctx.Done():
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
	})
	srv.AddTool(&mcp.Tool{Name: "session", Description: "the session's id", InputSchema: obj}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: req.Session.ID()}}}, nil
	})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true}))
	defer hs.Close()
	for _, sdk := range []bool{false, true} {
		name := "http direct"
		if sdk {
			name = "http sdk"
		}
		t.Run(name, func(t *testing.T) {
			p := NewPool(nil)
			defer p.Close()
			p.SetDirectCalls(!sdk)
			p.Timeout = 300 * time.Millisecond
			sp := Spec{Name: "slow", URL: hs.URL}
			session := func() string {
				res, err := p.Call(context.Background(), sp, "session", json.RawMessage(`{}`))
				if err != nil {
					t.Fatalf("the next call: %v", err)
				}
				return res.Content[0].(*mcp.TextContent).Text
			}
			before := session()
			if _, err := p.Call(context.Background(), sp, "slow", json.RawMessage(`{}`)); !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("a call past the timeout: %v", err)
			}
			if after := session(); after != before {
				t.Errorf("one timeout ended the session: %s, then %s", before, after)
			}
		})
	}
}
