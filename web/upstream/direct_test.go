package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// jsonrpcDecode is the SDK's own decoder, the reference.
var jsonrpcDecode = jsonrpc.DecodeMessage

// answerer is how the test upstream answers a tools/call of the session
// (nil: the SDK's server answers it); id is the call's request id.
type answerer func(w http.ResponseWriter, r *http.Request, id string)

// scenarioServer is an SDK server on loopback whose tools/call answers a
// scenario may replace; it records the last call's request id.
type scenarioServer struct {
	*httptest.Server
	answer atomic.Pointer[answerer]
	sse    atomic.Bool // the SDK's server answers on an event stream
	lastID atomic.Pointer[string]
	// cancelled receives the body of each notifications/cancelled sent
	// on a session (one without the session's id is not passed on)
	cancelled chan string
}

func newScenarioServer(t *testing.T) *scenarioServer {
	srv := mcp.NewServer(&mcp.Implementation{Name: "scenarios", Version: "1"}, nil)
	obj := map[string]any{"type": "object"}
	srv.AddTool(&mcp.Tool{Name: "echo", Description: "echo", InputSchema: obj}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in struct{ Text string }
		_ = json.Unmarshal(req.Params.Arguments, &in)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil
	})
	srv.AddTool(&mcp.Tool{Name: "fail", Description: "a tool error", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "it broke"}}}, nil
	})
	srv.AddTool(&mcp.Tool{Name: "structured", Description: "structured content", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"n":1}`}, &mcp.ImageContent{Data: []byte{1, 2}, MIMEType: "image/png"}},
			StructuredContent: map[string]any{"n": 1, "deep": []any{map[string]any{"<b>": "&"}}}}, nil
	})
	jsonH := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true})
	sseH := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	s := &scenarioServer{cancelled: make(chan string, 16)}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(body, &msg)
		if msg.Method == "notifications/cancelled" && r.Header.Get("Mcp-Session-Id") != "" {
			select {
			case s.cancelled <- string(body):
			default:
			}
		}
		if msg.Method == "tools/call" {
			id := string(msg.ID)
			s.lastID.Store(&id)
			if a := s.answer.Load(); a != nil && *a != nil {
				(*a)(w, r, id)
				return
			}
		}
		if msg.Method == "" && len(msg.ID) > 0 && s.answer.Load() != nil && *s.answer.Load() != nil {
			w.WriteHeader(http.StatusAccepted) // a response to the scenario's own request
			return
		}
		if s.sse.Load() {
			sseH.ServeHTTP(w, r)
			return
		}
		jsonH.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// outcome is what the gateway tells apart of a call: the result's JSON,
// or the failure's kind (upstreamFailure's cases).
func outcome(res *mcp.CallToolResult, err error) string {
	var tl *TooLargeError
	var ue *UnavailableError
	var se *ServerError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("answered %d %s", se.Code, se.Message)
	case err == nil:
		b, _ := json.Marshal(res)
		return "result " + string(b)
	case errors.As(err, &tl):
		return "too_large"
	case errors.As(err, &ue):
		return "unavailable"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.As(err, new(*UnreadableResultError)):
		return "unreadable"
	case errors.As(err, new(*MalformedError)):
		return "malformed"
	}
	return "error"
}

// TestDirectCallAnswersAsTheSDK: for the same upstream answers — plain
// and event-stream results, tool errors, structured content, garbage,
// JSON-RPC errors, HTTP failures, a server that never answers, an answer
// over the ceiling, a stream that ends without the response — a direct
// call and a call through the SDK's client give the same result or the
// same kind of failure; the direct call is the one made (its request id).
func TestDirectCallAnswersAsTheSDK(t *testing.T) {
	s := newScenarioServer(t)
	canned := func(status int, ctype, body string) answerer {
		return func(w http.ResponseWriter, _ *http.Request, id string) {
			w.Header().Set("Content-Type", ctype)
			w.WriteHeader(status)
			_, _ = io.WriteString(w, strings.ReplaceAll(body, "ID", id))
		}
	}
	sse := func(events ...string) answerer {
		return func(w http.ResponseWriter, _ *http.Request, id string) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			for _, e := range events {
				_, _ = io.WriteString(w, strings.ReplaceAll(e, "ID", id)+"\n\n")
				w.(http.Flusher).Flush()
			}
		}
	}
	result := `{"jsonrpc":"2.0","id":ID,"result":{"content":[{"type":"text","text":"from the stream"}]}}`
	cases := []struct {
		name, tool string
		sse        bool
		answer     answerer
		// sdk, when set, is the SDK client's outcome where the direct
		// call's deliberately differs
		sdk string
	}{
		{name: "json result", tool: "echo"},
		{name: "event-stream result", tool: "echo", sse: true},
		{name: "tool error", tool: "fail"},
		{name: "tool error on a stream", tool: "fail", sse: true},
		{name: "structured content", tool: "structured"},
		{name: "unknown tool", tool: "nope"},
		{name: "garbage", tool: "echo", answer: canned(200, "application/json", "\x00garbage, not JSON-RPC {")},
		{name: "json-rpc error", tool: "echo", answer: canned(200, "application/json", `{"jsonrpc":"2.0","id":ID,"error":{"code":-32000,"message":"boom"}}`)},
		// the one deliberate difference: the SDK's client drops a response
		// to no call of its own and waits for the call's until the
		// timeout; the direct call knows the one answer was not it and
		// fails at once. The model sees the same result either way
		// (upstreamFailure words a timeout and an error alike); only the
		// evidence's call status differs.
		{name: "another id", tool: "echo", answer: canned(200, "application/json", `{"jsonrpc":"2.0","id":12345,"result":{"content":[]}}`), sdk: "timeout"},
		{name: "a result of the wrong shape", tool: "echo", answer: canned(200, "application/json", `{"jsonrpc":"2.0","id":ID,"result":{"content":"text"}}`)},
		{name: "http 500", tool: "echo", answer: canned(500, "text/plain", "internal error")},
		{name: "http 400 with a json-rpc error", tool: "echo", answer: canned(400, "application/json", `{"jsonrpc":"2.0","id":ID,"error":{"code":-32602,"message":"bad"}}`)},
		{name: "http 503", tool: "echo", answer: canned(503, "text/plain", "busy")},
		{name: "http 404", tool: "echo", answer: canned(404, "text/plain", "no session")},
		{name: "text/plain", tool: "echo", answer: canned(200, "text/plain", "hello")},
		{name: "stream with a notification and a ping first", tool: "echo", answer: sse(
			`event: message`+"\n"+`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}`,
			`data: {"jsonrpc":"2.0","id":"p1","method":"ping"}`,
			`: a comment`+"\n"+`event: other`+"\n"+`data: {"not":"a message"}`,
			`id: 7`+"\n"+`data: `+result)},
		{name: "stream without the response", tool: "echo", answer: sse(`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`)},
		{name: "stream with garbage", tool: "echo", answer: sse(`data: {garbage`)},
		{name: "never answers", tool: "echo", answer: func(_ http.ResponseWriter, r *http.Request, _ string) { <-r.Context().Done() }},
		{name: "over the ceiling", tool: "echo", answer: canned(200, "application/json", `{"jsonrpc":"2.0","id":ID,"result":{"content":[{"type":"text","text":"`+strings.Repeat("a", 20<<10)+`"}]}}`)},
		{name: "over the ceiling on a stream", tool: "echo", answer: sse(`data: {"jsonrpc":"2.0","id":ID,"result":{"content":[{"type":"text","text":"` + strings.Repeat("a", 20<<10) + `"}]}}`)},
	}
	sp := Spec{Name: "scenarios", URL: s.URL}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got [2]string
			for i, direct := range []bool{false, true} {
				p := NewPool(nil)
				p.Timeout, p.MaxResult = 500*time.Millisecond, 16<<10
				p.SetDirectCalls(direct)
				s.answer.Store(nil)
				s.sse.Store(tc.sse)
				if _, err := p.ListTools(context.Background(), sp); err != nil { // the session, established
					t.Fatal(err)
				}
				a := tc.answer
				s.answer.Store(&a)
				res, err := p.Call(context.Background(), sp, tc.tool, json.RawMessage(`{"text":"hi <&>"}`))
				got[i] = outcome(res, err)
				var id int64
				if last := s.lastID.Load(); last != nil {
					_, _ = fmt.Sscan(*last, &id)
				}
				if direct != (id >= directIDBase) {
					t.Errorf("direct %v: the call's request id is %d", direct, id)
				}
				p.Close()
			}
			if tc.sdk != "" {
				if got[0] != tc.sdk {
					t.Errorf("through the SDK: %s, want %s", clipped(got[0]), tc.sdk)
				}
				got[0] = got[1]
			}
			if got[0] != got[1] {
				t.Errorf("through the SDK: %s\ndirect: %s", clipped(got[0]), clipped(got[1]))
			}
			t.Log(clipped(got[1]))
		})
	}
}

func clipped(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// TestDecodeMessageAsTheSDK: decodeMessage reads what jsonrpc.DecodeMessage
// reads, and refuses what it refuses.
func TestDecodeMessageAsTheSDK(t *testing.T) {
	inputs := []string{
		`{"jsonrpc":"2.0","id":1,"result":{"content":[]}}`,
		`{"jsonrpc":"2.0","id":"a","result":{}}`,
		`{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"boom","data":{"x":1}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"ping"}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}`,
		`{"jsonrpc":"2.0","method":"","id":4}`,
		`{"jsonrpc":"1.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","result":{}}`,
		`{"jsonrpc":"2.0","id":null,"result":{}}`,
		`{"jsonrpc":"2.0","id":1.5,"result":{}}`,
		`{"jsonrpc":"2.0","id":true,"result":{}}`,
		`{"JSONRPC":"2.0","ID":1,"Result":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":7}`,
		`{"jsonrpc":"2.0","id":1,"result":{}} trailing`,
		`  {"jsonrpc":"2.0","id":1,"result":{"s":"{[\"]}"}}`,
		`{"jsonrpc":"2.0","id":1,"result":` + strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + `}`,
		`{"jsonrpc":"2.0","id":1,"result":` + strings.Repeat("[", 998) + strings.Repeat("]", 998) + `}`,
		``, `null`, `[]`, `{`, "\x00garbage",
	}
	show := func(m any, err error) string {
		if err != nil {
			return "error"
		}
		b, _ := json.Marshal(m)
		var id any
		switch m := m.(type) {
		case *jsonrpc.Request:
			id = m.ID.Raw()
		case *jsonrpc.Response:
			id = m.ID.Raw()
		}
		return fmt.Sprintf("%T id %#v %s", m, id, b)
	}
	for _, in := range inputs {
		want, werr := jsonrpcDecode([]byte(in))
		got, gerr := decodeMessage([]byte(in))
		if w, g := show(want, werr), show(got, gerr); w != g {
			t.Errorf("%s:\nSDK:    %s (%v)\ndirect: %s (%v)", clipped(in), clipped(w), werr, clipped(g), gerr)
		}
	}
}
