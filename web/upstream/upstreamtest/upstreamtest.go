// Package upstreamtest runs a small MCP server written with the official
// Go SDK over streamable HTTP on loopback, for tests and benchmarks of the
// connections and the gateway: its tools can be changed while it runs, and
// it counts calls and keeps the last request's headers.
package upstreamtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/leanserver"
)

// Server is a running test upstream.
type Server struct {
	URL    string
	MCP    *mcp.Server
	http   *httptest.Server
	calls  sync.Map // tool name → *atomic.Int64
	mu     sync.Mutex
	header http.Header
	// Delay, when set, holds every call of the tool "slow" this long.
	Delay atomic.Int64
	// Linger, when set, holds every call of remember this long after it
	// stored its fact: a server that acted and answers late.
	Linger atomic.Int64
	// Status, when set, answers the next tools/call with this HTTP
	// status and a plain-text body, without running it (once).
	Status atomic.Int64
	// Garbage, when set, answers every request with bytes that are not
	// JSON-RPC.
	Garbage atomic.Bool
	// Flood, when set, answers every tools/call with a text result of
	// this many bytes, streamed (a hostile or broken server).
	Flood atomic.Int64
	// Fail, when set, answers every tools/call (counted as a call) with a
	// JSON-RPC error of code -32603 carrying this message: a server that
	// answers, with an error.
	Fail atomic.Pointer[string]
	// Say, when set, makes echo answer this text instead of its
	// argument: a server that writes what nobody sent it.
	Say atomic.Pointer[string]
	// Result, when set, answers every tools/call (counted as a call of
	// its tool) with a JSON-RPC response whose result is this raw JSON:
	// a server answering what may not be a tool result.
	Result atomic.Pointer[string]
	// ErrorResult, when set, answers every tools/call (counted as a call)
	// with a tool result marked isError carrying this text: the tool
	// failed, the server did not.
	ErrorResult atomic.Pointer[string]
}

// Tools are the tools a new server offers: echo (read-only), remember
// (destructive, with an output schema) and slow.
func Tools() []*mcp.Tool { return leanserver.Tools() }

// New starts a server with Tools; it stops when Close is called.
func New() *Server {
	s := &Server{MCP: mcp.NewServer(&mcp.Implementation{Name: "upstreamtest", Version: "1"}, nil)}
	facts := sync.Map{}
	var stored atomic.Int64
	for _, t := range Tools() {
		s.MCP.AddTool(t, s.handler(t.Name, &facts, &stored))
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.MCP }, &mcp.StreamableHTTPOptions{JSONResponse: true})
	s.http = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.header = r.Header.Clone()
		s.mu.Unlock()
		if s.Garbage.Load() {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte("\x00garbage, not JSON-RPC {"))
			return
		}
		if s.Status.Load() != 0 && r.Method == http.MethodPost {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if bytes.Contains(body, []byte(`"tools/call"`)) {
				if c := s.Status.Swap(0); c != 0 {
					http.Error(w, "refused", int(c))
					return
				}
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		if res := s.Result.Load(); res != nil && r.Method == http.MethodPost {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			var req struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params struct {
					Name string `json:"name"`
				} `json:"params"`
			}
			if json.Unmarshal(body, &req) == nil && req.Method == "tools/call" {
				n, _ := s.calls.LoadOrStore(req.Params.Name, new(atomic.Int64))
				n.(*atomic.Int64).Add(1)
				w.Header().Set("Content-Type", "application/json")
				_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, req.ID, *res)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		if n := s.Flood.Load(); n > 0 && r.Method == http.MethodPost {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			var req struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if json.Unmarshal(body, &req) == nil && req.Method == "tools/call" {
				flood(w, req.ID, n)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	}))
	s.URL = s.http.URL
	return s
}

// flood answers a call with a text of n bytes, written as it goes.
func flood(w http.ResponseWriter, id json.RawMessage, n int64) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, id)
	chunk := bytes.Repeat([]byte("a"), 64<<10)
	for sent := int64(0); sent < n; sent += int64(len(chunk)) {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
	_, _ = io.WriteString(w, `"}]}}`)
}

func (s *Server) handler(name string, facts *sync.Map, stored *atomic.Int64) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		n, _ := s.calls.LoadOrStore(name, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
		if msg := s.Fail.Load(); msg != nil {
			return nil, &jsonrpc.Error{Code: -32603, Message: *msg}
		}
		if msg := s.ErrorResult.Load(); msg != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: *msg}}}, nil
		}
		var args map[string]any
		_ = json.Unmarshal(req.Params.Arguments, &args)
		switch name {
		case "echo":
			txt, _ := args["text"].(string)
			if say := s.Say.Load(); say != nil {
				txt = *say
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: txt}}}, nil
		case "remember":
			k, _ := args["key"].(string)
			if _, loaded := facts.LoadOrStore(k, args["fact"]); !loaded {
				stored.Add(1)
			} else {
				facts.Store(k, args["fact"])
			}
			if d := s.Linger.Load(); d > 0 {
				time.Sleep(time.Duration(d))
			}
			out := map[string]any{"stored": stored.Load()}
			b, _ := json.Marshal(out)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}, StructuredContent: out}, nil
		default:
			select {
			case <-time.After(time.Duration(s.Delay.Load())):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		}
	}
}

// Calls is how often the named tool ran.
func (s *Server) Calls(name string) int64 {
	n, ok := s.calls.Load(name)
	if !ok {
		return 0
	}
	return n.(*atomic.Int64).Load()
}

// Header is the last request's headers.
func (s *Server) Header() http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.header.Clone()
}

// Close stops the server.
func (s *Server) Close() { s.http.CloseClientConnections(); s.http.Close() }

// DisableKeepAlives makes the server close each connection after its
// answer, so no client holds an idle one: after Close, the next call
// dials and is refused, whichever goroutine of the client's transport
// has or has not yet seen the old connection end.
func (s *Server) DisableKeepAlives() { s.http.Config.SetKeepAlivesEnabled(false) }
