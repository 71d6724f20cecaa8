package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority/args"
)

// Every answer of the gateway endpoint that is not a result is a
// JSON-RPC error object sent as application/json: the refusals of the gateway itself (mcpError), of the
// middleware before it (a key, the body limit, routing: handleError
// through gatewayHTTPError) and of the SDK's handler, which answers its
// own refusals as text/plain (rpcErrorWriter). A message never names a
// Go type: the request's shape is checked first and refused in the
// protocol's words (checkEnvelope, checkParams).

// maxMCPDepth bounds how deeply a gateway request may nest JSON arrays
// and objects. A deeper body is refused by one pass over its bytes
// before anything decodes it: decoding a deeply nested megabyte cost a
// second of CPU before the SDK refused it. No
// tool's arguments need this much.
const maxMCPDepth = 64

// errTrailing is a body holding more than one JSON value.
var errTrailing = errors.New("the body holds more than one JSON value: send one JSON-RPC message per request")

// scanMCPBody checks, in one pass over the bytes, that body nests no
// deeper than maxMCPDepth and holds nothing but space after its first
// value. Anything else malformed is left to the decoder.
func scanMCPBody(body []byte) error {
	depth, done := 0, false
	for i := 0; i < len(body); i++ {
		c := body[i]
		if done && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return errTrailing
		}
		switch c {
		case '"':
			i = stringEnd(body, i)
		case '{', '[':
			if depth++; depth > maxMCPDepth {
				return fmt.Errorf("the request is nested deeper than %d levels of JSON arrays and objects", maxMCPDepth)
			}
		case '}', ']':
			if depth--; depth == 0 {
				done = true
			}
		}
	}
	return nil
}

// checkEnvelope says, in the protocol's words, what is wrong with a
// body that does not decode as a JSON-RPC message.
func checkEnvelope(body []byte) string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		var se *json.SyntaxError
		switch {
		case len(bytes.TrimSpace(body)) == 0:
			return "the body is empty: send one JSON-RPC message"
		case errors.As(err, &se) && se.Offset < int64(len(body)):
			return fmt.Sprintf("the body is not a JSON-RPC message: it is not valid JSON (at byte %d)", se.Offset)
		default:
			return "the body is not a JSON-RPC message: its JSON ends early"
		}
	}
	fields, ok := v.(map[string]any)
	if !ok {
		return "the body is not a JSON-RPC message: it must be a JSON object"
	}
	for _, f := range []struct{ name, want string }{{"jsonrpc", "string"}, {"method", "string"}, {"id", "id"}, {"params", "object"}, {"error", "object"}} {
		x, present := fields[f.name]
		if !present {
			continue
		}
		if msg := wrongType(f.name, f.want, x); msg != "" {
			return msg
		}
	}
	return "the body is not a JSON-RPC message"
}

// wrongType names the field when x is not of the JSON type want ("id":
// a string, a number or null); "" when it is.
func wrongType(name, want string, x any) string {
	switch x.(type) {
	case string:
		if want == "string" || want == "id" {
			return ""
		}
	case float64, nil:
		if want == "id" {
			return ""
		}
	case map[string]any:
		if want == "object" {
			return ""
		}
	}
	switch want {
	case "id":
		return name + " must be a string or a number"
	case "object":
		return name + " must be a JSON object"
	}
	return name + " must be a " + want
}

// checkParams says what is wrong with the params of a request the
// gateway serves ("" when nothing is): the SDK would refuse them
// naming its Go types. Absent params are the method's to require.
func checkParams(method string, params json.RawMessage) string {
	if len(params) == 0 || string(params) == "null" {
		if method == "tools/call" || method == "resources/read" || method == "logging/setLevel" {
			return "params is required for " + method
		}
		return ""
	}
	if msg, ok := checkParamsRaw(method, params); ok {
		return msg
	}
	return checkParamsDecoded(method, params)
}

// checkParamsDecoded is checkParams for non-empty params, decoded whole.
func checkParamsDecoded(method string, params json.RawMessage) string {
	var p map[string]any
	if err := json.Unmarshal(params, &p); err != nil || p == nil {
		if err != nil && bytes.HasPrefix(bytes.TrimSpace(params), []byte("{")) {
			return unreadableParams(params)
		}
		return "params must be a JSON object"
	}
	required := map[string][]string{"tools/call": {"name"}, "resources/read": {"uri"}, "logging/setLevel": {"level"}}[method]
	for _, name := range required {
		if _, ok := p[name]; !ok {
			return "params." + name + " is required for " + method
		}
	}
	if msg := checkCursorAndLevel(method, p); msg != "" {
		return msg
	}
	want := map[string]string{"name": "string", "uri": "string", "level": "string", "cursor": "string", "arguments": "object", "_meta": "object"}
	for name, x := range p {
		t, ok := want[name]
		if !ok || (name == "name" && method != "tools/call") {
			continue
		}
		if msg := wrongType("params."+name, t, x); msg != "" {
			return msg
		}
	}
	return ""
}

// goInternals matches the wording of a Go error about the program's
// insides (a Go type, a package-qualified name), which a reply must not
// carry.
var goInternals = regexp.MustCompile(`Go (value|struct)|of type [a-z*\[\]]|\bjson: |\b[a-z]+\.[A-Z][A-Za-z]+\b|\bstruct \{|\bmap\[|interface \{`)

// gatewayHTTPError answers a refusal met before the gateway's handler
// (a missing or unknown key, the server's body limit, an unknown route
// or method, a failure) on a gateway path as a JSON-RPC error; code and
// field are the console's API error code and field when there are.
func gatewayHTTPError(c echo.Context, status int, msg string, body *apiErrorBody) {
	e := map[string]any{"code": rpcCodeFor(status), "message": clipEcho(msg, maxErrorMessage)}
	if body != nil {
		data := map[string]any{"code": body.Code}
		if body.Field != "" {
			data["field"] = body.Field
		}
		e["data"] = data
	}
	b, _ := mcpJSON(map[string]any{"jsonrpc": "2.0", "id": nil, "error": e})
	_ = c.Blob(status, echo.MIMEApplicationJSON, b)
}

// isGatewayPath says whether a request is to the gateway endpoint.
func isGatewayPath(path string) bool { return path == "/mcp" || strings.HasPrefix(path, "/mcp/") }

// rpcErrorWriter passes the SDK handler's answers on, except a refusal
// it writes as text (http.Error), which it turns into a JSON-RPC error
// with the same status once the handler returns (finish).
type rpcErrorWriter struct {
	http.ResponseWriter
	status int // a held refusal's status (0: none)
	text   bytes.Buffer
}

func (w *rpcErrorWriter) WriteHeader(code int) {
	ct := w.Header().Get(echo.HeaderContentType)
	if code >= 400 && !strings.HasPrefix(ct, echo.MIMEApplicationJSON) {
		w.status = code
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *rpcErrorWriter) Write(b []byte) (int, error) {
	if w.status != 0 {
		if w.text.Len() < maxErrorMessage {
			w.text.Write(b)
		}
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Flush passes a stream's flush on (a held refusal has nothing to flush).
func (w *rpcErrorWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok && w.status == 0 {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (w *rpcErrorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes the held refusal, if any, as a JSON-RPC error: the
// handler's text when it names nothing of the program's insides, else
// the status's own words.
func (w *rpcErrorWriter) finish() {
	if w.status == 0 {
		return
	}
	msg := strings.TrimSpace(w.text.String())
	if msg == "" || goInternals.MatchString(msg) {
		msg = "the request was refused: " + strings.ToLower(http.StatusText(w.status))
	}
	h := w.Header()
	h.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	b, _ := mcpJSON(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": rpcCodeFor(w.status), "message": clipEcho(msg, maxErrorMessage)}})
	w.ResponseWriter.WriteHeader(w.status)
	_, _ = io.Copy(w.ResponseWriter, bytes.NewReader(b))
}

// logLevels are the levels logging/setLevel may name (the protocol's,
// after RFC 5424).
var logLevels = map[string]bool{"debug": true, "info": true, "notice": true, "warning": true, "error": true, "critical": true, "alert": true, "emergency": true}

// checkCursorAndLevel names a list's cursor the gateway never gave (it
// lists everything on one page and hands out none, so any cursor is
// garbage) or a logging level that is not one of the protocol's; "" when
// neither.
func checkCursorAndLevel(method string, p map[string]any) string {
	switch method {
	case "tools/list", "resources/list", "resources/templates/list":
		if c, ok := p["cursor"]; ok && c != nil && c != "" {
			return "params.cursor: this gateway gives every item on one page and hands out no cursor; list again without one"
		}
	case "logging/setLevel":
		if l, ok := p["level"].(string); ok && !logLevels[l] {
			return fmt.Sprintf("params.level: %s is not a logging level (debug, info, notice, warning, error, critical, alert or emergency)", strconv.Quote(clip(l, 40)))
		}
	}
	return ""
}

// errBadEnvelope marks a message whose own keys (its arguments aside) a
// reader could take two ways (JSON-RPC -32600).
var errBadEnvelope = errors.New("the message is not one JSON-RPC message")

// envelopeKeys refuses a message that holds a key twice in one object, or
// a string that is not sound text, outside what its arguments hold (which the
// argument check words as invalid_arguments): the gateway must not read
// last-one-wins what a reader in front of it may read first-one-wins.
func envelopeKeys(msg []byte) error {
	if !json.Valid(msg) {
		return nil // the decoder's to refuse
	}
	ps := args.DuplicateKeys(msg, "/params/arguments")
	if len(ps) == 0 {
		return nil
	}
	return fmt.Errorf("%w: the member at %s %s", errBadEnvelope, strconv.Quote(clip(ps[0].Pointer, 100)), ps[0].Message)
}

// stringEnd is the index of the quote that closes the JSON string opened
// at data[open] (escapes skipped), or len(data) when none does.
func stringEnd(data []byte, open int) int {
	for j := open + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(data)
}
