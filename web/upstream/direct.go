package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The direct call: a tools/call to an HTTP upstream with an established
// session is one POST of the JSON-RPC request on that session, and its
// one answer read (a JSON body, or an event stream up to the response),
// without the SDK client's per-call machinery (a connection layer, its
// goroutines and decoders). The SDK client stays for connecting,
// listing, stdio servers and any session it did not establish with a
// protocol version that has sessions; TestDirectCallAnswersAsTheSDK holds
// both to the same results and failures.
//
// A failure is reported as the SDK's client reports it where the gateway
// tells them apart (a timeout is the context's deadline, an answer over
// the ceiling the mark's *TooLargeError); an answer that leaves the
// SDK's session broken (garbage, a lost session, a stream that ends
// without the response) ends the pool's session here too, so the next
// call reconnects.

// directIDBase starts the ids of direct calls, far from the SDK client's
// own ids on the same session (it counts from 1).
const directIDBase = 1 << 40

// errSessionGone wraps a failure after which the upstream session cannot
// serve another request: the pool drops it (dropIfGone).
var errSessionGone = mcp.ErrConnectionClosed

// directSession is what a direct call needs of a session the SDK client
// established: its id and protocol version, and the HTTP client
// (headers, ceilings) it was established with.
type directSession struct {
	url, id, version string
	hc               *http.Client
	// stale is called for a list_changed within a call's stream (the
	// SDK's handler does not see it: notify_limit.go)
	stale func()
}

// directOf is the direct route of an HTTP session, nil when its calls
// stay with the SDK (no session id, or a protocol version without
// sessions).
func directOf(url string, hc *http.Client, cs *mcp.ClientSession, stale func()) *directSession {
	ir := cs.InitializeResult()
	if hc == nil || cs.ID() == "" || ir == nil || !slices.Contains(sessionVersions, ir.ProtocolVersion) {
		return nil
	}
	return &directSession{url: url, id: cs.ID(), version: ir.ProtocolVersion, hc: hc, stale: stale}
}

// sessionVersions are the protocol versions with sessions, whose calls
// the direct path makes: the SDK's newest (2026-07-28) is sessionless and
// sends more headers per call.
var sessionVersions = mcp.SupportedProtocolVersions()[1:]

// callRequest is a tools/call request as the SDK's client writes it.
type callRequest struct {
	JSONRPC string     `json:"jsonrpc"`
	ID      int64      `json:"id"`
	Method  string     `json:"method"`
	Params  callParams `json:"params"`
}

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// call makes one tools/call on the session, with request id id: the
// result, and its JSON when at hand (decodeResult).
func (d *directSession) call(ctx context.Context, id int64, tool string, args json.RawMessage) (*mcp.CallToolResult, []byte, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	body, err := json.Marshal(callRequest{JSONRPC: "2.0", ID: id, Method: "tools/call", Params: callParams{Name: tool, Arguments: args}})
	if err != nil {
		return nil, nil, fmt.Errorf("calling %q: %w", "tools/call", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	d.headers(req.Header)
	res, err := d.hc.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("calling %q: %w", "tools/call", err)
	}
	mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	defer func() {
		// a finished body is drained so its connection is reused; an
		// event stream may stay open after the response (its server may
		// hold it for more messages), so it is closed at once, as the
		// SDK's client stops reading once the call's response is in
		if mt != "text/event-stream" {
			_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		}
		_ = res.Body.Close()
	}()
	if err := checkStatus(res); err != nil {
		return nil, nil, err
	}
	var msg *jsonrpc.Response
	switch mt {
	case "application/json":
		b, err := readSized(res.Body, res.ContentLength)
		if err != nil {
			return nil, nil, readFailed(ctx, err)
		}
		m, err := decodeMessage(b)
		if err != nil {
			// one response's body: the call's, not the session's
			return nil, nil, malformed(err)
		}
		r, ok := m.(*jsonrpc.Response)
		if !ok || r.ID.Raw() != id {
			return nil, nil, fmt.Errorf("calling %q: the answer is not the call's response: %w", "tools/call", errSessionGone)
		}
		msg = r
	case "text/event-stream":
		if msg, err = d.stream(ctx, res.Body, id); err != nil {
			return nil, nil, err
		}
	default:
		return nil, nil, fmt.Errorf("calling %q: unsupported content type %q: %w", "tools/call", mt, errSessionGone)
	}
	if msg.Error != nil {
		return nil, nil, &answered{err: msg.Error} // the server's answer: ServerError
	}
	return decodeResult(msg.Result)
}

// notifyCancelTimeout bounds the notifications/cancelled of an abandoned
// call, as the SDK's client bounds its own.
const notifyCancelTimeout = 5 * time.Second

// cancelled tells the server that call id was abandoned (its timeout
// passed or its caller went away before the answer), as the SDK's client
// does, so the server may stop work nobody will read: a
// notifications/cancelled on the session, best effort, in the
// background; done is closed once it was sent or failed.
func (d *directSession) cancelled(ctx context.Context, id int64) (done <-chan struct{}) {
	why := "abandoned"
	if err := ctx.Err(); err != nil {
		why = err.Error()
	}
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{"requestId": id, "reason": why}})
		if err != nil {
			return
		}
		nctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), notifyCancelTimeout)
		defer cancel()
		req, err := http.NewRequestWithContext(nctx, http.MethodPost, d.url, bytes.NewReader(body))
		if err != nil {
			return
		}
		d.headers(req.Header)
		if res, err := d.hc.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
			_ = res.Body.Close()
		}
	}()
	return ch
}

// headers are the SDK client's headers of a call on an established
// session.
func (d *directSession) headers(h http.Header) {
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json, text/event-stream")
	h.Set("Mcp-Protocol-Version", d.version)
	h.Set("Mcp-Session-Id", d.id)
}

// maxPresized is the largest declared length readSized reserves before
// the bytes arrive.
const maxPresized = 64 << 10

// readSized reads r to its end: into one buffer of the declared length n
// when that is known and at most maxPresized (a call's answer mostly is:
// one allocation of its size instead of a doubling from 512 bytes), else
// as io.ReadAll does.
func readSized(r io.Reader, n int64) ([]byte, error) {
	if n < 0 || n > maxPresized {
		return io.ReadAll(r)
	}
	buf := make([]byte, 0, n+1) // one more: the read that finds the end
	for {
		m, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			rest, err := io.ReadAll(r)
			return append(buf, rest...), err
		}
	}
}
