package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
)

// JSON-RPC error codes the gateway answers itself.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
	rpcInvalidParams  = -32602
	rpcNoMethod       = -32601
	rpcNoSession      = -32001
)

// rpcErrorFor answers request id with a JSON-RPC error (HTTP 200, as
// the SDK answers a request it cannot serve).
func rpcErrorFor(c echo.Context, id json.RawMessage, code int, msg string) error {
	b, _ := mcpJSON(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// gatewayMethods are the methods the gateway serves; any other request
// is answered method-not-found before the protocol handler sees it.
// logging/setLevel is not one: the gateway sends its clients no log
// messages and declares no logging capability.
var gatewayMethods = map[string]bool{
	"initialize": true, "notifications/initialized": true, "notifications/cancelled": true, "ping": true,
	"tools/list": true, "tools/call": true, "resources/list": true, "resources/read": true, "resources/templates/list": true,
	"notifications/roots/list_changed": true, "notifications/progress": true,
}

// rpcMessage is a single JSON-RPC message as the SDK's decoder reads it
// (batches are not part of the protocol versions the gateway speaks):
// read once, it routes the request and the direct path answers from it.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  *string         `json:"method"`
	ID      json.RawMessage `json:"id"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// method is the message's method, "" when it names none.
func (m *rpcMessage) method() string {
	if m.Method == nil {
		return ""
	}
	return *m.Method
}

// rpcMethod reads a message and the tool its params name (a tools/call's
// params.name) as the SDK does, field names matching exactly
// (sdkUnmarshal), so the route it picks and the handler that answers
// agree on which tool a message names. A "null" id is no id.
func rpcMethod(body []byte) (*rpcMessage, string, error) {
	t := bytes.TrimSpace(body)
	if !json.Valid(t) {
		return nil, "", fmt.Errorf("%w%s", errRPCParse, checkEnvelope(t))
	}
	if len(t) > 0 && t[0] == '[' {
		return nil, "", fmt.Errorf("%wbatches are not accepted: send one JSON-RPC message per request", errRPCInvalid)
	}
	var m rpcMessage
	var p struct {
		Name json.RawMessage `json:"name"`
	}
	if sdkUnmarshal(t, &m) != nil {
		return nil, "", fmt.Errorf("%w%s", errRPCInvalid, checkEnvelope(t))
	}
	if len(m.Params) > 0 && sdkUnmarshal(m.Params, &p) != nil {
		return nil, "", fmt.Errorf("%w%s", errRPCParams, checkEnvelope(t))
	}
	if m.JSONRPC != "2.0" {
		return nil, "", fmt.Errorf(`%wthe body is not a JSON-RPC 2.0 message ("jsonrpc": "2.0")`, errRPCInvalid)
	}
	if err := envelopeKeys(t); err != nil {
		return nil, "", err
	}
	if m.Method != nil && (m.Result != nil || m.Error != nil) || m.Result != nil && m.Error != nil {
		return nil, "", fmt.Errorf("%wa JSON-RPC message is a request (method) or a response (result or error), never both kinds, nor a result and an error at once", errRPCInvalid)
	}
	if string(m.ID) == "null" {
		m.ID = nil
	}
	if err := checkRPCID(m.ID); err != nil {
		return nil, "", err
	}
	var name string
	if len(p.Name) > 0 {
		_ = sdkUnmarshal(p.Name, &name) // a name of another type is the protocol handler's to refuse
	}
	return &m, name, nil
}

// The kinds of body rpcMethod refuses, each wrapped (with no text of its
// own) around the message that says why: JSON that does not parse
// (-32700), JSON that is no request the gateway takes (-32600), params
// that are not an object (-32602).
var (
	errRPCParse   = errors.New("")
	errRPCInvalid = errors.New("")
	errRPCParams  = errors.New("")
)

// rpcCodeOf is the JSON-RPC error code of rpcMethod's error err: a parse
// error only for a body that is not JSON, invalid params for params that
// are not an object, invalid request for anything else.
func rpcCodeOf(err error) int {
	switch {
	case errors.Is(err, errRPCParse):
		return rpcParseError
	case errors.Is(err, errRPCParams):
		return rpcInvalidParams
	}
	return rpcInvalidRequest
}

// errBadRPCID marks an id the gateway refuses (JSON-RPC -32600).
var errBadRPCID = errors.New("id")

// maxExactID is the largest integer every JSON reader (a float64) holds
// exactly, 2^53-1.
const maxExactID = 1<<53 - 1

// checkRPCID refuses an id the answer could not echo byte for byte:
// the SDK reads a number id as a float64 and writes it back
// as an integer, so 1.5 came back 1, 6.0 and 1e2 as 6 and 100, -0 as 0
// and 9007199254740993 as 9007199254740992. A number id is an integer
// written plainly, at most 2^53-1 either side of 0; a string is any
// string; nothing else is an id.
func checkRPCID(id json.RawMessage) error {
	if len(id) == 0 || id[0] == '"' {
		return nil
	}
	if id[0] != '-' && (id[0] < '0' || id[0] > '9') {
		return fmt.Errorf("%w must be a string or a number", errBadRPCID)
	}
	n, err := strconv.ParseInt(string(id), 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != string(id) || n > maxExactID || n < -maxExactID {
		return fmt.Errorf("%w: a number id must be an integer written without a fraction or exponent, from -%d to %d (it was %s); send it as a string to keep it exactly", errBadRPCID, maxExactID, maxExactID, clip(string(id), 40))
	}
	return nil
}

// rpcCodeFor is the JSON-RPC error code of an HTTP refusal.
func rpcCodeFor(status int) int {
	if status >= 500 {
		return -32603 // internal error
	}
	return rpcInvalidRequest
}
