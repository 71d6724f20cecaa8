package web

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"
)

// Every answer of the gateway endpoint that is not a result is a
// JSON-RPC error object sent as application/json: the refusals of the gateway itself (mcpError), of the
// middleware before it (a key, the body limit, routing: handleError
// through gatewayHTTPError) and of the SDK's handler, which answers its
// own refusals as text/plain (rpcErrorWriter). A message never names a
// Go type: the request's shape is checked first and refused in the
// protocol's words (checkEnvelope, checkParams).

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
