package web

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/loadgen"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// newLoadClient is the load runs' generator (loadgen.Session) sending
// the requests of the session cs holds (opened by the SDK's client,
// which stays the session's client for everything else) to url, with
// its session id and protocol version plus the given headers (the
// bearer). It sends plain JSON-RPC over HTTP without the SDK client's
// per-message machinery, whose CPU on this 2-core machine was taken from
// the gateway and the upstream it measures; the gateway and the direct
// calls to the upstream are sent by the same generator, so their
// difference is still the gateway's.
func newLoadClient(url string, cs *mcp.ClientSession, headers map[string]string) *loadgen.Session {
	h := http.Header{}
	h.Set("Mcp-Session-Id", cs.ID())
	if ir := cs.InitializeResult(); ir != nil && ir.ProtocolVersion != "" {
		h.Set("Mcp-Protocol-Version", ir.ProtocolVersion)
	}
	for k, v := range headers {
		h.Set(k, v)
	}
	return loadgen.Join(context.Background(), &http.Client{Transport: testTransport}, url, h)
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
	genGW, genUp []*loadgen.Session
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
		var span *loadgen.Span
		if o.spans != nil {
			o.spans[w].client = w % len(o.genGW)
			span = &o.spans[w].Span
		}
		return o.genGW[w%len(o.genGW)].CallSpan("demo.echo", `{"text":"hello"}`, span)
	}
	return sdkCall(o.gw[w%len(o.gw)], "demo.echo", "tool error")
}

// direct is echo on the upstream, directly.
func (o *loadOps) direct(w int) error {
	if !o.sdk {
		return o.genUp[w%len(o.genUp)].Call("echo", `{"text":"hello"}`)
	}
	return sdkCall(o.up[w%len(o.up)], "echo", "direct tool error")
}

// list is tools/list through the gateway.
func (o *loadOps) list(w int) error {
	if !o.sdk {
		return o.genGW[w%len(o.genGW)].List()
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
