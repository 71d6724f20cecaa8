package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The direct path's answers are encoded as the SDK encodes them
// (encoding/json, no HTML escaping), but once: a tool's JSON once per
// tool version (the tools a list holds are kept per digest, so a list is
// its envelope and the tools' stored bytes), and a call's result once
// (the bytes bound measured are the bytes sent), instead of encoding the
// result and then validating and copying it again into the response
// (TestGatewayDirectPathAnswersAsTheSDK holds the bytes to the SDK's).

// mcpJSON is v as the SDK's encoder writes it: compact, no HTML
// escaping, no trailing newline.
func mcpJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// toolJSONCache holds each listed tool's JSON, keyed by the tool: only
// tools kept for the gateway's life are listed (gateway.tools per
// digest, search_tools and load_skill once), so it grows as they do.
type toolJSONCache struct{ m sync.Map }

// of is t's JSON (encoded once).
func (c *toolJSONCache) of(t *mcp.Tool) ([]byte, error) {
	if b, ok := c.m.Load(t); ok {
		return b.([]byte), nil
	}
	b, err := mcpJSON(t)
	if err != nil {
		return nil, err
	}
	c.m.Store(t, b)
	return b, nil
}

// errSplice: an envelope was not encoded as expected; the caller
// encodes the whole value instead.
var errSplice = errors.New("the envelope's last field is not where expected")

// listJSON is a tool list's JSON: the result with no tools, its
// "tools":[] (the last field) filled with each tool's stored JSON.
func (c *toolJSONCache) listJSON(res *mcp.ListToolsResult) ([]byte, error) {
	env := *res
	env.Tools = []*mcp.Tool{}
	head, err := mcpJSON(&env)
	if err != nil {
		return nil, err
	}
	const tail = `"tools":[]}`
	if !bytes.HasSuffix(head, []byte(tail)) {
		return nil, errSplice
	}
	out := make([]byte, 0, 512*len(res.Tools)+len(head))
	out = append(out, head[:len(head)-2]...)
	for i, t := range res.Tools {
		b, err := c.of(t)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, b...)
	}
	return append(out, ']', '}'), nil
}

// responseJSON is the JSON-RPC response to request id carrying result
// (JSON the SDK's encoder wrote: compact, so the SDK's own envelope
// would copy it unchanged): the envelope the SDK encodes, its result
// (the last field) spliced in without being read again.
func responseJSON(id jsonrpc.ID, result []byte) ([]byte, error) {
	head, err := responseHead(make([]byte, 0, 64+len(result)), id)
	if err != nil {
		return nil, err
	}
	return append(append(head, result...), '}'), nil
}

// responseHead appends to dst the envelope of the JSON-RPC response to
// request id up to its result (the last field): the response is the
// head, the result's JSON and a closing brace. An integer id (every id
// the load generators and most clients send) is written in place; any
// other is encoded by the SDK.
func responseHead(dst []byte, id jsonrpc.ID) ([]byte, error) {
	if n, ok := id.Raw().(int64); ok {
		dst = append(dst, `{"jsonrpc":"2.0","id":`...)
		dst = strconv.AppendInt(dst, n, 10)
		return append(dst, `,"result":`...), nil
	}
	env, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Result: json.RawMessage("0")})
	if err != nil {
		return nil, err
	}
	const tail = `"result":0}`
	if !bytes.HasSuffix(env, []byte(tail)) {
		return nil, errSplice
	}
	return append(dst, env[:len(env)-2]...), nil
}
