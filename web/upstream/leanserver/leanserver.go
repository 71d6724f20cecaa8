// Package leanserver is a Go MCP server over streamable HTTP written
// without the SDK, for load runs: the gateway load run's upstream
// (console bare --mcp) in a process of its own, and tests' and
// benchmarks' in theirs (upstreamtest.Lean). It imports nothing of
// net/http/httptest, so the console's binary carries no test server.
package leanserver

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Version is the protocol version a Server speaks: the SDK's
// newest but one, the newest with sessions (the gateway's newest too).
var Version = mcp.SupportedProtocolVersions()[1]

// Server is a Go MCP server over streamable HTTP written without the SDK,
// for load runs: one JSON answer per POST, sessions by Mcp-Session-Id,
// the tools of Tools, of which it runs echo (any other tool answers a
// tool error). The SDK's server decodes each message several times, each
// time with a new 32 KiB buffer (about 210 KB allocated a call), so a
// load run whose upstream shares the machine measured that server as
// much as the gateway; this one costs a few microseconds a call.
type Server struct {
	sessions sync.Map // session id → struct{}
	calls    atomic.Int64
	tools    []byte
}

// New is a server ready to serve (its Handler).
func New() *Server {
	s := &Server{}
	tools, err := json.Marshal(map[string]any{"tools": Tools()})
	if err != nil {
		panic(err)
	}
	s.tools = tools
	return s
}

// Handler serves the server's MCP endpoint.
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serve) }

// Calls is how many tools/call requests the server answered.
func (s *Server) Calls() int64 { return s.calls.Load() }

// leanRequest is what the server reads of a message.
type leanRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		Name      string `json:"name"`
		Arguments struct {
			Text string `json:"text"`
		} `json:"arguments"`
	} `json:"params"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		s.sessions.Delete(sid)
		w.WriteHeader(http.StatusNoContent)
		return
	default:
		// no standalone stream (the protocol lets a server refuse it)
		w.Header().Set("Allow", "POST, DELETE")
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var m leanRequest
	if err != nil || json.Unmarshal(body, &m) != nil || m.JSONRPC != "2.0" || m.Method == "" {
		http.Error(w, "not a JSON-RPC 2.0 request", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		sid = hex.EncodeToString(b)
		s.sessions.Store(sid, struct{}{})
		w.Header().Set("Mcp-Session-Id", sid)
		s.answer(w, m.ID, []byte(`{"protocolVersion":"`+Version+`","capabilities":{"tools":{}},"serverInfo":{"name":"upstreamtest-lean","version":"1"}}`))
		return
	}
	if _, ok := s.sessions.Load(sid); !ok {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	if len(m.ID) == 0 { // a notification
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch m.Method {
	case "ping":
		s.answer(w, m.ID, []byte(`{}`))
	case "tools/list":
		s.answer(w, m.ID, s.tools)
	case "tools/call":
		s.calls.Add(1)
		if m.Params.Name != "echo" {
			s.answer(w, m.ID, []byte(`{"content":[{"type":"text","text":"this server runs echo only"}],"isError":true}`))
			return
		}
		text, _ := json.Marshal(m.Params.Arguments.Text)
		s.answer(w, m.ID, append(append([]byte(`{"content":[{"type":"text","text":`), text...), `}]}`...))
	default:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(append(append([]byte(`{"jsonrpc":"2.0","id":`), m.ID...), `,"error":{"code":-32601,"message":"method not found"}}`...))
	}
}

// answer writes the response to id with result.
func (s *Server) answer(w http.ResponseWriter, id json.RawMessage, result []byte) {
	w.Header().Set("Content-Type", "application/json")
	b := make([]byte, 0, len(result)+64)
	b = append(append(append(b, `{"jsonrpc":"2.0","id":`...), id...), `,"result":`...)
	b = append(append(b, result...), '}')
	_, _ = w.Write(b)
}

// Tools are the tools a new server offers: echo (read-only), remember
// (destructive, with an output schema) and slow.
func Tools() []*mcp.Tool {
	yes, no := true, false
	return []*mcp.Tool{
		{Name: "echo", Description: "Echo a text back unchanged, to check the connection works.",
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no},
			InputSchema: map[string]any{"type": "object", "required": []any{"text"}, "additionalProperties": false,
				"properties": map[string]any{"text": map[string]any{"type": "string", "maxLength": 100, "description": "The text to echo."}}}},
		{Name: "remember", Description: "Store a fact in the server's memory, replacing any fact of the same key.",
			Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes, OpenWorldHint: &no},
			InputSchema: map[string]any{"type": "object", "required": []any{"key", "fact"}, "additionalProperties": false,
				"properties": map[string]any{"key": map[string]any{"type": "string", "description": "The fact's key."}, "fact": map[string]any{"type": "string", "description": "The fact."}}},
			OutputSchema: map[string]any{"type": "object", "required": []any{"stored"}, "properties": map[string]any{"stored": map[string]any{"type": "integer", "description": "How many facts are stored."}}}},
		{Name: "slow", Description: "Wait a moment, then answer done; used to test timeouts.",
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no},
			InputSchema: map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{}}},
	}
}
