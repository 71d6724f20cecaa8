package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ListTools lists every tool the server offers (all pages, at most
// maxTools): the describe-only probe of a sync.
func (p *Pool) ListTools(ctx context.Context, spec Spec) ([]*mcp.Tool, error) {
	c, err := p.client(spec)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout(spec))
	defer cancel()
	cs, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	return p.listOn(ctx, c, cs)
}

// listOn lists every tool of the session cs of c, the connection's
// secrets masked in their text (maskTools).
func (p *Pool) listOn(ctx context.Context, c *client, cs *mcp.ClientSession) ([]*mcp.Tool, error) {
	spec := c.spec
	var out []*mcp.Tool
	params := &mcp.ListToolsParams{}
	// the list's bytes over all its pages are counted by the transport,
	// as it reads them, on the listing's own mark
	m := &mark{}
	defer m.done()
	lctx := withMark(ctx, m)
	for range maxPages {
		res, err := cs.ListTools(lctx, params)
		if err != nil {
			err = p.failed(c, cs, m, err, nil)
			return nil, fmt.Errorf("upstream %s: tools/list: %w", spec.Name, c.masked(err))
		}
		if m.bytes.Load() > int64(p.maxMessage()) {
			return nil, &TooLargeError{Name: spec.Name, What: "the tool list", Limit: p.maxMessage()}
		}
		out = append(out, res.Tools...)
		if len(out) > maxTools {
			return nil, fmt.Errorf("upstream %s: more than %d tools", spec.Name, maxTools)
		}
		if res.NextCursor == "" {
			c.healthy()
			return maskTools(c.secrets, out)
		}
		params.Cursor = res.NextCursor
	}
	return nil, fmt.Errorf("upstream %s: tools/list: more than %d pages", spec.Name, maxPages)
}

const (
	maxPages = 100
	maxTools = 5000
)

// Call calls one tool with raw JSON arguments, bounded by the pool's
// timeout. A transport failure ends the session (the next call
// reconnects); the server's own tool errors come back as results.
func (p *Pool) Call(ctx context.Context, spec Spec, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	res, _, _, err := p.CallJSON(ctx, spec, tool, args)
	return res, err
}

// CallJSON is Call with the result's JSON as ResultJSON writes it, when
// the result came as those bytes (nil otherwise: encode the result), and
// whether a secret of the connection was masked in it or in the server's
// JSON-RPC error text (masked: the error is a *ServerError). An answer
// holding one of the console's own secrets the arguments did not hold is
// withheld: *ExposureError.
func (p *Pool) CallJSON(ctx context.Context, spec Spec, tool string, args json.RawMessage) (res *mcp.CallToolResult, raw []byte, masked bool, err error) {
	c, err := p.client(spec)
	if err != nil {
		return nil, nil, false, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout(spec))
	defer cancel()
	cs, direct, err := c.sessionDirect(ctx)
	if err != nil {
		return nil, nil, false, err
	}
	m := &mark{call: true}
	defer m.done()
	set := c.secrets.forCall(args)
	var told <-chan struct{}
	useDirect := direct != nil && !p.sdkCalls.Load()
	if useDirect {
		id := c.ids.Add(1)
		if res, raw, err = direct.call(withMark(ctx, m), id, tool, args); err != nil && ctx.Err() != nil {
			// abandoned (timed out, or the caller went away): the server
			// is told, before a session the failure ends is closed
			told = direct.cancelled(ctx, id)
		}
	} else {
		params := &mcp.CallToolParams{Name: tool}
		if len(args) > 0 {
			params.Arguments = args
		}
		res, err = cs.CallTool(withMark(ctx, m), params)
	}
	if err != nil {
		if ue := m.unreadErr(); ue != nil && m.refused.Load() == 0 {
			// the server answered with a line that could not be read: the
			// call ran, or may have, and the session is well
			c.healthy()
			return nil, nil, false, c.maskedWith(set, ue)
		}
		if ur := unreadableResult(err); ur != nil && m.refused.Load() == 0 {
			// the server answered the call, with a result that is not a
			// tool result: it ran, and its session is well
			c.healthy()
			return nil, nil, false, c.maskedWith(set, ur)
		}
		if se := serverError(c, set, err, useDirect); se != nil && m.refused.Load() == 0 {
			// the server answered (with an error): its session is well
			c.healthy()
			if len(se.exposed) > 0 {
				echo := serverError(c, set.connView(), err, useDirect)
				return nil, nil, false, exposure(spec.Name, se.exposed, nil, nil, echo.masked, echo)
			}
			return nil, nil, se.masked, se
		}
		err = p.failed(c, cs, m, err, told)
		if !useDirect {
			err = sdkMalformed(err)
		}
		if dialFailed(err) {
			// no connection to the server was made: the call was never
			// sent, so it ran nothing (as a session that cannot start)
			err = &UnavailableError{Name: spec.Name, Err: err}
		}
		var re *RefusedError
		if !errors.As(err, &re) && errors.Is(err, mcp.ErrSessionMissing) {
			// the SDK's client read a 404: the server did not know the
			// session and did not process the call
			err = &RefusedError{Status: http.StatusNotFound, Err: err}
		}
		return nil, nil, false, c.maskedWith(set, err)
	}
	c.healthy()
	if err := checkParts(res); err != nil {
		// answered, with a part no client is given: the call ran
		return nil, nil, false, &UnreadableResultError{Err: err}
	}
	b := raw
	if b == nil {
		if b, err = ResultJSON(res); err != nil {
			return nil, nil, false, err
		}
	}
	found := set.exposedResult(res, b)
	res, raw, masked, err = connMasked(set, res, raw, b)
	if len(found) > 0 {
		return nil, nil, false, exposure(spec.Name, found, res, raw, masked, err)
	}
	return res, raw, masked, err
}

// connMasked is the result res (its JSON b, raw when it came as those
// bytes) with the connection's secrets masked: the server's text may
// repeat a secret it was started or called with (an error result naming
// its token), as written or with separators between its characters,
// masked on every path except where it echoes an argument that held it
// (callSet.maskIn).
func connMasked(set *callSet, res *mcp.CallToolResult, raw, b []byte) (*mcp.CallToolResult, []byte, bool, error) {
	held := func(b []byte) bool { return holdsAny(b, set.connEnc) || set.set.spacedInJSON(b, set.conn) }
	out, outRaw, masked, err := maskResultBy(held, func(v any, hit *bool) any { return set.maskConnValue(v, "", false, hit) }, res, b)
	if err == nil && out == res {
		// as it came: its JSON only when it came as those bytes
		return res, raw, false, nil
	}
	return out, outRaw, masked, err
}

// failed is a request's failure as its caller sees it (its own
// *TooLargeError when its answer was refused), once a session that
// cannot serve another request is dropped: a stdio server's line over
// the ceiling ends its stream.
// A session it ends is closed once after is closed (nil: at once), so a
// notice the failure sends on it goes first.
func (p *Pool) failed(c *client, cs *mcp.ClientSession, m *mark, err error, after <-chan struct{}) error {
	if len(c.spec.Command) > 0 && m.refused.Load() > 0 {
		c.dropAfter(cs, err, after)
	} else {
		p.dropIfGone(c, cs, err, after)
	}
	return m.err(c.spec.Name, err)
}

// dropIfGone ends a session whose transport failed, so a crashed server
// is restarted rather than reused. A call that timed out says nothing of
// the others (one slow query): its session stays, and is ended only when
// the server then does not answer a ping in time either (a hung server).
// (A stdio server's line over the ceiling ends its stream, so its
// session; an HTTP answer over it ends only that response.)
func (p *Pool) dropIfGone(c *client, cs *mcp.ClientSession, err error, after <-chan struct{}) {
	switch {
	case errors.Is(err, mcp.ErrConnectionClosed):
		c.dropAfter(cs, err, after)
	case errors.Is(err, context.DeadlineExceeded):
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), min(p.timeout(c.spec), pingTimeout))
			defer cancel()
			if perr := cs.Ping(ctx, nil); perr != nil {
				c.dropAfter(cs, fmt.Errorf("a call timed out, then a ping failed: %w", perr), after)
			}
		}()
	case errors.Is(err, context.Canceled):
		// the caller went away: nothing learnt of the server
	case errors.As(err, new(*MalformedError)):
		// the server answered, one message of it malformed: that call
		// failed, the session stays
	default:
		// refused connection, an HTTP error status, a broken answer
		c.unreachable(err)
	}
}

// pingTimeout bounds the ping that tells a hung server from a slow call.
