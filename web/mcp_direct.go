package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	sjson "github.com/segmentio/encoding/json"

	"github.com/agentforge/console/instruction"
)

// The gateway's direct path: tools/call (but search_tools, which answers
// on an event stream) and tools/list of an established session are
// answered here, without the SDK server's per-message machinery (a
// session, a connection, a stream and several JSON decoders per request,
// each with a zeroed 32 KiB buffer). Everything else — initialize,
// notifications, ping, resources, searches — goes through the official
// SDK as before.
//
// The answer is the SDK's, byte for byte: the message is read with the
// SDK's own JSON library and flags (case-sensitive field names), the
// handlers are the receiving middleware's, and the response is encoded
// by the SDK's jsonrpc package with its result marshalled as the SDK
// marshals it (encoding/json, no HTML escaping). A request this path
// cannot vouch for — an unusual header, an id or params of an odd shape,
// a deep value — is left to the SDK, which answers or refuses it as it
// always has (TestGatewayDirectPathAnswersAsTheSDK compares both).

// maxDirectNesting bounds the brackets a request the direct path takes
// may hold: the SDK refuses values nested deeper than 1000, and a body
// with fewer brackets cannot be nested deeper.
const maxDirectNesting = 1000

// serveDirect answers a tools/call or tools/list of an established
// session on the direct path; false (nothing written) leaves the request
// to the SDK.
func (g *gateway) serveDirect(c echo.Context, r *gwReq, m *rpcMessage, body []byte) (bool, error) {
	if !g.direct.Load() || !directHeaders(c.Request().Header) {
		return false, nil
	}
	if bytes.Count(body, []byte("{"))+bytes.Count(body, []byte("[")) > maxDirectNesting {
		return false, nil
	}
	method := m.method()
	if m.Method == nil || m.Result != nil || m.Error != nil || len(m.ID) == 0 {
		return false, nil
	}
	var rawID any
	if sdkUnmarshal(m.ID, &rawID) != nil {
		return false, nil
	}
	id, err := jsonrpc.MakeID(rawID)
	if err != nil || !id.IsValid() {
		return false, nil
	}
	ctx := c.Request().Context()
	var res mcp.Result
	// raw is res as JSON when it is at hand already (a list from its
	// tools' stored JSON, a call's result as bound measured it)
	var raw []byte
	switch method {
	case "tools/list":
		// absent or an object (the gateway lists one page: a cursor
		// changes nothing, as on the SDK's path)
		if len(m.Params) > 0 {
			var p *mcp.ListToolsParams
			if m.Params[0] != '{' || sdkUnmarshal(m.Params, &p) != nil || p == nil || newProtocolMeta(p.GetMeta()) {
				return false, nil
			}
		}
		var lr *mcp.ListToolsResult
		if lr, raw, err = g.listJSONOf(ctx, r); err == nil && raw == nil {
			res = lr // encoded whole below
		}
		r.clock.lap(phaseStep)
	case "tools/call":
		var p *mcp.CallToolParamsRaw
		if len(m.Params) == 0 || m.Params[0] != '{' || sdkUnmarshal(m.Params, &p) != nil || p == nil || p.Name == "" {
			return false, nil
		}
		// multi-round-trip retries (input responses) are the SDK's to serve
		if len(p.InputResponses) > 0 || p.RequestState != "" {
			return false, nil
		}
		// a search answers on the SDK's event stream, within its session
		if p.Name == instruction.SearchToolID {
			return false, nil
		}
		if newProtocolMeta(p.GetMeta()) {
			return false, nil
		}
		var cr *mcp.CallToolResult
		if cr, err = g.callTool(ctx, r, &mcp.CallToolRequest{Params: p}); err == nil {
			res = cr
			if r.resultOf == cr {
				raw = r.resultJSON
			}
		}
	default:
		return false, nil
	}
	h := c.Response().Header()
	if err == nil && raw != nil && !r.tellListChanged {
		// the answer is written as its envelope's head, the result's JSON
		// and a closing brace: no copy of the result is made to join them
		var head []byte
		if head, err = responseHead(make([]byte, 0, 64), id); err != nil {
			return true, err
		}
		g.directServed.Add(1)
		h.Set("Cache-Control", "no-cache, no-transform")
		h.Set(echo.HeaderContentType, "application/json")
		w := c.Response()
		w.WriteHeader(http.StatusOK)
		for _, part := range [][]byte{head, raw, {'}'}} {
			if _, err := w.Write(part); err != nil {
				return true, err
			}
		}
		return true, nil
	}
	var out []byte
	if err == nil && raw != nil {
		out, err = responseJSON(id, raw)
	}
	if out == nil {
		out, err = directResponse(id, res, err)
	}
	if err != nil {
		return true, err
	}
	g.directServed.Add(1)
	h.Set("Cache-Control", "no-cache, no-transform")
	if r.tellListChanged {
		// the call took a tool off the list: an event stream carries
		// notifications/tools/list_changed before the result, as the
		// SDK's stream does
		h.Set(echo.HeaderContentType, "text/event-stream")
		c.Response().WriteHeader(http.StatusOK)
		var b bytes.Buffer
		b.WriteString("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\",\"params\":{}}\n\n")
		b.WriteString("event: message\ndata: ")
		b.Write(bytes.TrimRight(out, "\n"))
		b.WriteString("\n\n")
		_, err = c.Response().Write(b.Bytes())
		return true, err
	}
	h.Set(echo.HeaderContentType, "application/json")
	c.Response().WriteHeader(http.StatusOK)
	_, err = c.Response().Write(out)
	return true, err
}

// newProtocolMeta reports whether a request's _meta names a protocol
// version: the SDK then checks it against the headers (SEP-2575).
func newProtocolMeta(meta mcp.Meta) bool {
	_, ok := meta[mcp.MetaKeyProtocolVersion]
	return ok
}

// sdkUnmarshal reads JSON as the SDK's decoder does (field names match
// exactly).
func sdkUnmarshal(raw []byte, into any) error {
	_, err := sjson.Parse(raw, into, sjson.DontMatchCaseInsensitiveStructFields)
	return err
}

// directResponse is the JSON-RPC response to request id: the result, or
// the handler's error, encoded as the SDK encodes them.
func directResponse(id jsonrpc.ID, res mcp.Result, herr error) ([]byte, error) {
	resp := &jsonrpc.Response{ID: id, Error: herr}
	if herr == nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			return nil, err
		}
		resp.Result = bytes.TrimRight(buf.Bytes(), "\n")
	}
	return jsonrpc.EncodeMessage(resp)
}

// directHeaders reports whether a request's headers are ones the SDK's
// handler passes without a word: a bearer token, a JSON body, an Accept
// of both JSON and an event stream, no Last-Event-ID, and a protocol
// version the gateway speaks (or none).
func directHeaders(h http.Header) bool {
	if !bearerShaped(h.Get("Authorization")) {
		return false
	}
	if !jsonContentType(h.Get("Content-Type")) {
		return false
	}
	if len(h["Last-Event-Id"]) > 0 {
		return false
	}
	if v := h.Get(protocolVersionHeader); v != "" && !slices.Contains(gatewayVersions, v) {
		return false
	}
	jsonOK, streamOK := acceptsJSONAndStream(h["Accept"])
	return jsonOK && streamOK
}

// bearerShaped reports whether an Authorization value is two words, the
// first "bearer" in any case (strings.Fields(v) of length 2), without
// splitting it.
func bearerShaped(v string) bool {
	v = strings.TrimSpace(v)
	i := strings.IndexFunc(v, unicode.IsSpace)
	if i < 0 {
		return false
	}
	rest := strings.TrimLeftFunc(v[i:], unicode.IsSpace)
	return strings.EqualFold(v[:i], "bearer") && strings.IndexFunc(rest, unicode.IsSpace) < 0
}

// acceptsJSONAndStream reads Accept as the SDK's handler does.
func acceptsJSONAndStream(values []string) (jsonOK, streamOK bool) {
	for _, value := range values {
		for rest, more := value, true; more; {
			var raw string
			raw, rest, more = strings.Cut(rest, ",")
			base, _, _ := strings.Cut(strings.TrimSpace(raw), ";")
			switch base = strings.TrimSpace(base); {
			case strings.EqualFold(base, "application/json"), strings.EqualFold(base, "application/*"):
				jsonOK = true
			case strings.EqualFold(base, "text/event-stream"), strings.EqualFold(base, "text/*"):
				streamOK = true
			case base == "*/*":
				jsonOK, streamOK = true, true
			}
		}
	}
	return jsonOK, streamOK
}
