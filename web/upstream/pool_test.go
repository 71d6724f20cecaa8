package upstream

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMain lets the test binary be a stdio MCP server (UPSTREAM_TEST_SERVER=1):
// tools pid (its process id), cwd (its working directory), env (its environment), fail (a JSON-RPC error), crash (exits at once), sleep (30 s) and flood (a 32 MB result),
// leak (an error result repeating its token), chatter (non-JSON lines on stdout), braces (lines opening with '{' that are not JSON-RPC), grow (adds a tool), spam (a notification flood), and a line on stderr at start.
func TestMain(m *testing.M) {
	if os.Getenv("UPSTREAM_TEST_SERVER") == "1" {
		fmt.Fprintln(os.Stderr, "test server starting")
		s := mcp.NewServer(&mcp.Implementation{Name: "stdio-test", Version: "1"}, nil)
		obj := map[string]any{"type": "object"}
		s.AddTool(&mcp.Tool{Name: "pid", Description: "the process id", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(os.Getpid())}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "cwd", Description: "the process working directory", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			wd, err := os.Getwd()
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: wd}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "env", Description: "the process environment, a NAME=value a line", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strings.Join(os.Environ(), "\n")}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "fail", Description: "answers a JSON-RPC error naming its token, n bytes long", InputSchema: obj}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct{ N int }
			_ = json.Unmarshal(req.Params.Arguments, &in)
			fmt.Fprintln(os.Stderr, "fail called with", string(req.Params.Arguments)) // as many servers print what they are asked
			msg := "kubectl get pods failed: connection refused (token " + os.Getenv("UPSTREAM_TEST_TOKEN") + ")"
			return nil, &jsonrpc.Error{Code: -32603, Message: msg + strings.Repeat("é", in.N)}
		})
		s.AddTool(&mcp.Tool{Name: "crash", Description: "exit at once", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			os.Exit(3)
			return nil, nil
		})
		s.AddTool(&mcp.Tool{Name: "sleep", Description: "says so on stderr, then answers after 30 s", InputSchema: obj}, func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			fmt.Fprintln(os.Stderr, "sleeping")
			select {
			case <-time.After(30 * time.Second):
			case <-ctx.Done():
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slept"}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "flood", Description: "a 32 MB result (or mb MB)", InputSchema: obj}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct{ MB int }
			if json.Unmarshal(req.Params.Arguments, &in) != nil || in.MB <= 0 {
				in.MB = 32
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strings.Repeat("a", in.MB<<20)}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "leak", Description: "a tool error result repeating its token everywhere a result holds text", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return leakResult(os.Getenv("UPSTREAM_TEST_TOKEN")), nil
		})
		s.AddTool(&mcp.Tool{Name: "odd", Description: "answers a text part, then the part odd names", InputSchema: obj}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct{ Part string }
			_ = json.Unmarshal(req.Params.Arguments, &in)
			parts := map[string]mcp.Content{
				"html-image":  &mcp.ImageContent{Data: []byte("<script>alert(1)</script>"), MIMEType: "text/html"},
				"png":         &mcp.ImageContent{Data: []byte("png"), MIMEType: "image/png"},
				"path-audio":  &mcp.AudioContent{Data: []byte("AAA"), MIMEType: "../../etc"},
				"wav":         &mcp.AudioContent{Data: []byte("AAA"), MIMEType: "audio/wav; rate=8000"},
				"js-resource": &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "javascript:alert(1)", MIMEType: "text/html", Text: "x"}},
				"js-link":     &mcp.ResourceLink{URI: " Java\tScript:alert(1)", Name: "x"},
				"data-link":   &mcp.ResourceLink{URI: "data:text/html,<script>alert(1)</script>", Name: "x"},
				"file-link":   &mcp.ResourceLink{URI: "file:///srv/report.txt", Name: "report"},
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "odd"}, parts[in.Part]}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "chatter", Description: "prints lines that are not JSON-RPC on stdout, then answers", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			fmt.Fprint(os.Stdout, "this is not json\n  [warn] neither is this, indented\nSERVER READY\n\ntrue\n")
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "said"}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "braces", Description: "prints lines that open with '{' but are not JSON-RPC messages on stdout, then answers", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			fmt.Fprint(os.Stdout, "{\"level\":\"info\",\"msg\":\"started\"}\n{not json at all\n  {\"jsonrpc\":\"2.0\"}\n{\"jsonrpc\":\"1.0\",\"id\":1,\"result\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"result\":{}}\n{}\n")
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "said"}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "grow", Description: "adds the tool grown (the server then sends notifications/tools/list_changed)", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			s.AddTool(&mcp.Tool{Name: "grown", Description: "added by grow", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "grown"}}}, nil
			})
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "grew"}}}, nil
		})
		s.AddTool(&mcp.Tool{Name: "spam", Description: "writes n (default 50,000) notifications on stdout (log: log messages), then answers", InputSchema: obj}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct {
				N   int
				Log bool // log messages rather than list changes
			}
			if json.Unmarshal(req.Params.Arguments, &in) != nil || in.N <= 0 {
				in.N = 50000
			}
			w := bufio.NewWriter(os.Stdout)
			for i := 0; i < in.N; i++ {
				if in.Log {
					fmt.Fprintf(w, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","data":"%0200d"}}`+"\n", i)
					continue
				}
				fmt.Fprintf(w, `{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"n":%d}}`+"\n", i)
			}
			_ = w.Flush()
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "spammed"}}}, nil
		})
		_ = s.Run(context.Background(), &mcp.StdioTransport{})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *logBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestStdioServersAreSupervised: a stdio server is started on first use,
// its stderr goes to the log, a server that exits is restarted (with
// backoff) and the next call reaches the new process, and Close kills it.
func TestStdioServersAreSupervised(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var logs logBuffer
	p := NewPool(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "stdio", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	ctx := context.Background()
	tools, err := p.ListTools(ctx, sp)
	if err != nil || len(tools) != 13 {
		t.Fatalf("list: %v %v", tools, err)
	}
	pid := func() int {
		res, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`))
		if err != nil {
			return 0
		}
		var n int
		fmt.Sscan(res.Content[0].(*mcp.TextContent).Text, &n)
		return n
	}
	first := pid()
	if first == 0 {
		t.Fatal("no pid")
	}
	if _, err := p.Call(ctx, sp, "crash", nil); err == nil {
		t.Fatal("a crashing call answered")
	}
	var second int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && second == 0; time.Sleep(50 * time.Millisecond) {
		second = pid()
	}
	if second == 0 || second == first {
		t.Fatalf("after the crash: pid %d (first %d), want a new process", second, first)
	}
	if !strings.Contains(logs.String(), "test server starting") || !strings.Contains(logs.String(), "restarting") {
		t.Errorf("the log lacks the server's stderr or the restart:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), "UPSTREAM_TEST_SERVER=1") {
		t.Error("the log holds an environment value")
	}
	p.Close()
	gone := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if syscall.Kill(second, 0) != nil {
			gone = true
			break
		}
	}
	if !gone {
		t.Errorf("process %d outlived Close", second)
	}
	if _, err := p.Call(ctx, sp, "pid", nil); err != ErrClosed {
		t.Errorf("a call after Close: %v", err)
	}
}

// TestBackoff doubles from 100 ms to at most 30 s.
func TestBackoff(t *testing.T) {
	for n, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond, 4: 800 * time.Millisecond, 20: 30 * time.Second} {
		if got := backoff(n, 0); got != want {
			t.Errorf("backoff(%d) = %v, want %v", n, got, want)
		}
	}
}
