package upstream

import (
	"fmt"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// checkStatus is the failure an HTTP status says, as the SDK's client
// reads it: 429 and 502-504 are transient (the session lives on), a
// JSON-RPC error in the body is the server's answer, a 404 is the
// session gone, and any other status outside 2xx breaks the session.
//
// Only a status that proves the request was not processed is a
// *RefusedError (notProcessed); any other may have come after the server
// ran the call (a proxy answers 503 "reset before headers", 429, 502 or
// 504 once its backend got the request), and is a plain failure: the
// call's outcome is unknown.
func checkStatus(res *http.Response) error {
	c := res.StatusCode
	switch {
	case c >= 200 && c < 300:
		return nil
	case c == http.StatusTooManyRequests || c == http.StatusBadGateway || c == http.StatusServiceUnavailable || c == http.StatusGatewayTimeout:
		// transient, possibly a proxy's answer: the server behind it may
		// have run the call
		return fmt.Errorf("calling %q: %s", "tools/call", http.StatusText(c))
	case c != http.StatusNotFound:
		b, _ := io.ReadAll(res.Body)
		if m, err := jsonrpc.DecodeMessage(b); err == nil {
			if r, ok := m.(*jsonrpc.Response); ok && r.Error != nil {
				return &answered{err: r.Error} // the server's answer (as the SDK's client reads it): ServerError
			}
		}
	}
	err := fmt.Errorf("calling %q: %s: %w", "tools/call", http.StatusText(c), errSessionGone)
	if notProcessed(c) {
		return &RefusedError{Status: c, Err: err}
	}
	return err
}

// notProcessed reports whether an HTTP status proves that the request
// was refused before anything handled it: the statuses the MCP
// transport and its authorization give a request they do not take (404:
// the session is unknown; 400, 405, 406, 415: the request's form; 401,
// 403: its credentials) and a request's size refused as it arrived (413,
// 414, 431), with 421 (sent to a server that cannot answer it). Any other
// — 408, 409, 422, 429, 5xx — may come after the server ran the call.
func notProcessed(status int) bool {
	switch status {
	case http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound,
		http.StatusMethodNotAllowed, http.StatusNotAcceptable, http.StatusUnsupportedMediaType,
		http.StatusRequestEntityTooLarge, http.StatusRequestURITooLong, http.StatusRequestHeaderFieldsTooLarge,
		http.StatusMisdirectedRequest:
		return true
	}
	return false
}

// RefusedError is a call the server refused before running it: an HTTP
// status that proves the request was not processed (notProcessed), with
// no JSON-RPC answer in its body. Nothing ran; a retry may run the call.
type RefusedError struct {
	Status int
	Err    error
}

func (e *RefusedError) Error() string { return e.Err.Error() }

// Unwrap gives the failure the status meant for the session.
func (e *RefusedError) Unwrap() error { return e.Err }
