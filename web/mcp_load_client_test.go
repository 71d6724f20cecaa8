package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// loadClient is the load runs' load generator: it sends the JSON-RPC
// requests of one established MCP session (opened by the SDK's client,
// which stays the session's client for everything else) as plain HTTP
// POSTs, and reads each answer whole, checking it is the request's
// result and not an error. It does what a load generator does — offer
// the requests and check the answers — without the SDK client's
// per-message machinery (a decoder with a zeroed 32 KiB buffer and a
// goroutine hand-off per message), whose CPU on this 2-core machine was
// taken from the gateway and the upstream it measures. The gateway and
// the direct calls to the upstream are sent by the same generator, so
// their difference is still the gateway's.
type loadClient struct {
	hc     *http.Client
	url    string
	header http.Header
	id     atomic.Int64
}

// newLoadClient sends requests of the session cs holds to url with its
// session id and protocol version, plus the given headers (the bearer).
func newLoadClient(url string, cs *mcp.ClientSession, headers map[string]string) *loadClient {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json, text/event-stream")
	h.Set("Mcp-Session-Id", cs.ID())
	if ir := cs.InitializeResult(); ir != nil && ir.ProtocolVersion != "" {
		h.Set("Mcp-Protocol-Version", ir.ProtocolVersion)
	}
	for k, v := range headers {
		h.Set(k, v)
	}
	return &loadClient{hc: &http.Client{Transport: testTransport}, url: url, header: h}
}

// loadAnswer is what the generator reads of an answer.
type loadAnswer struct {
	ID     json.RawMessage `json:"id"`
	Result *struct {
		IsError bool `json:"isError"`
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		Tools []json.RawMessage `json:"tools"`
	} `json:"result"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// call sends tools/call of tool with args (a JSON object).
func (c *loadClient) call(tool, args string) error { return c.callSpan(tool, args, nil) }

// callSpan is call, telling span (when not nil) the request's id and
// when it was sent and its answer read.
func (c *loadClient) callSpan(tool, args string, span *clientSpan) error {
	id := c.id.Add(1)
	body := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
	if span != nil {
		span.id, span.sent = id, time.Now()
		defer func() { span.read = time.Now() }()
	}
	a, err := c.send(id, body)
	if err != nil {
		return err
	}
	if a.Result.IsError {
		text := ""
		for _, p := range a.Result.Content {
			text += p.Text
		}
		return fmt.Errorf("tool error: %s", text)
	}
	return nil
}

// list sends tools/list and wants at least one tool back.
func (c *loadClient) list() error {
	id := c.id.Add(1)
	a, err := c.send(id, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, id))
	if err == nil && len(a.Result.Tools) == 0 {
		err = errors.New("tools/list: no tools")
	}
	return err
}

// send posts one request and reads its response: a JSON body, or the
// event in an event stream that answers it (a notification may come
// first).
func (c *loadClient) send(id int64, body []byte) (*loadAnswer, error) {
	req, err := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = c.header // read only: a round trip does not change it
	res, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %s", res.StatusCode, clip(string(data), 200))
	}
	msgs := [][]byte{data}
	if res.Header.Get("Content-Type") == "text/event-stream" {
		msgs = msgs[:0]
		for _, line := range bytes.Split(data, []byte("\n")) {
			if d, ok := bytes.CutPrefix(line, []byte("data: ")); ok {
				msgs = append(msgs, d)
			}
		}
	}
	want := strconv.FormatInt(id, 10)
	for _, m := range msgs {
		var a loadAnswer
		if err := json.Unmarshal(m, &a); err != nil {
			return nil, fmt.Errorf("an answer that is not JSON-RPC: %w", err)
		}
		if string(a.ID) != want {
			continue
		}
		if a.Error != nil {
			return nil, fmt.Errorf("JSON-RPC error: %s", a.Error.Message)
		}
		if a.Result == nil {
			return nil, errors.New("a response without a result")
		}
		return &a, nil
	}
	return nil, fmt.Errorf("no response to request %s in %s", want, clip(string(data), 200))
}

// loadUpstream is the load runs' upstream on loopback: upstreamtest's
// Lean server (a Go MCP server without the SDK's per-message decoding),
// or the SDK's server (upstreamtest.New) with
// CONSOLE_GATEWAY_LOAD_UPSTREAM=sdk. Both run in this process and both
// answer the gateway's and the direct calls: the upstream's own CPU is
// not the gateway's, but on this 2-core machine it competes with it.
func loadUpstream(t testing.TB) (url, which string) {
	if os.Getenv("CONSOLE_GATEWAY_LOAD_UPSTREAM") == "sdk" {
		up := upstreamtest.New()
		t.Cleanup(up.Close)
		return up.URL, "the SDK's server"
	}
	up := upstreamtest.NewLean()
	t.Cleanup(up.Close)
	return up.URL, "a Go server without the SDK (upstreamtest.Lean)"
}

// loadOps are the load runs' three requests on worker w's session:
// sent by the load generator, or by the SDK's client (sdk).
type loadOps struct {
	sdk          bool
	gw, up       []*mcp.ClientSession
	genGW, genUp []*loadClient
	// spans, when set, holds each worker's latest gateway call
	// (openPhases)
	spans []clientSpan
}

// newLoadOps sends on the gateway sessions gw (of fixture f) and the
// upstream sessions up (at upURL).
func newLoadOps(sdk bool, f *gwFixture, upURL string, gw, up []*mcp.ClientSession) *loadOps {
	o := &loadOps{sdk: sdk, gw: gw, up: up}
	for _, cs := range gw {
		o.genGW = append(o.genGW, newLoadClient(f.front.URL+"/mcp/helper", cs, map[string]string{"Authorization": "Bearer " + f.key}))
	}
	for _, cs := range up {
		o.genUp = append(o.genUp, newLoadClient(upURL, cs, nil))
	}
	return o
}

// call is demo.echo through the gateway.
func (o *loadOps) call(w int) error {
	if !o.sdk {
		var span *clientSpan
		if o.spans != nil {
			span = &o.spans[w]
			span.client = w % len(o.genGW)
		}
		return o.genGW[w%len(o.genGW)].callSpan("demo.echo", `{"text":"hello"}`, span)
	}
	return sdkCall(o.gw[w%len(o.gw)], "demo.echo", "tool error")
}

// direct is echo on the upstream, directly.
func (o *loadOps) direct(w int) error {
	if !o.sdk {
		return o.genUp[w%len(o.genUp)].call("echo", `{"text":"hello"}`)
	}
	return sdkCall(o.up[w%len(o.up)], "echo", "direct tool error")
}

// list is tools/list through the gateway.
func (o *loadOps) list(w int) error {
	if !o.sdk {
		return o.genGW[w%len(o.genGW)].list()
	}
	_, err := o.gw[w%len(o.gw)].ListTools(context.Background(), nil)
	return err
}

// sdkCall calls tool with the text hello through the SDK's client; a
// tool error is an error starting with what.
func sdkCall(cs *mcp.ClientSession, tool, what string) error {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"text": "hello"}})
	if err == nil && res.IsError {
		err = fmt.Errorf("%s: %s", what, resultText(res))
	}
	return err
}

// resultText is a result's text content.
func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}
