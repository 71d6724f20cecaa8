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
// ran the call, and is a plain failure: the call's outcome is unknown.
func checkStatus(res *http.Response) error {
	c := res.StatusCode
	var err error
	switch {
	case c >= 200 && c < 300:
		return nil
	case c == http.StatusTooManyRequests || c == http.StatusBadGateway || c == http.StatusServiceUnavailable || c == http.StatusGatewayTimeout:
		// transient: the session lives on
		err = fmt.Errorf("calling %q: %s", "tools/call", http.StatusText(c))
	case c != http.StatusNotFound:
		b, _ := io.ReadAll(res.Body)
		if m, derr := jsonrpc.DecodeMessage(b); derr == nil {
			if r, ok := m.(*jsonrpc.Response); ok && r.Error != nil {
				return &answered{err: r.Error} // the server's answer (as the SDK's client reads it): ServerError
			}
		}
		fallthrough
	default:
		err = fmt.Errorf("calling %q: %s: %w", "tools/call", http.StatusText(c), errSessionGone)
	}
	if notProcessed(c) {
		return &RefusedError{Status: c, Err: err}
	}
	return err
}

// notProcessed reports whether an HTTP status proves that the request
// was refused before anything handled it. A status proves that only if
// everything that gives it — the server, and any proxy, gateway or WAF
// in front of it — gives it before the request is forwarded or handled
// (RFC 9110 section 15 for the meanings):
//
//	status        who gives it, when                                  proves
//	400 405 406   the transport, reading the request's form (method,  yes
//	415           Accept, Content-Type) before dispatching it
//	401           authentication, before the request is forwarded      yes
//	403           authorization before forwarding, but also a WAF's    no
//	              response-phase (outbound) rule that replaces the
//	              backend's answer after the call ran (the WAF
//	              default deny status)
//	404           the session unknown to the server (MCP transport)    yes
//	408           a server or framework's handler timeout, mid-call    no
//	409 422       the application, having read the call                no
//	413 414 431   the request's size, refused as it arrives            yes
//	421           misdirected: clients retry it whatever the method    yes
//	425           too early (RFC 8470): refused rather than processed  yes
//	429           a rate limit (RFC 6585: the client sent too many     yes
//	              requests; a new request may follow Retry-After):
//	              origin and proxy limiters count and refuse the
//	              request before forwarding it; no proxy gives 429
//	              for a backend's failure. With or without
//	              Retry-After: nothing tells a server's 429 from a
//	              proxy's, and neither ran the call.
//	5xx           500 the handler failed (maybe mid-call); 502/504     no
//	              and 503 a proxy whose backend broke, timed out or
//	              reset before headers after it got the request
//	other         no meaning that rules out a run                     no
func notProcessed(status int) bool {
	switch status {
	case http.StatusBadRequest, http.StatusUnauthorized, http.StatusNotFound,
		http.StatusMethodNotAllowed, http.StatusNotAcceptable, http.StatusUnsupportedMediaType,
		http.StatusRequestEntityTooLarge, http.StatusRequestURITooLong, http.StatusRequestHeaderFieldsTooLarge,
		http.StatusMisdirectedRequest, http.StatusTooEarly, http.StatusTooManyRequests:
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

// Error is the failure's text: the status and what it meant for the
// session.
func (e *RefusedError) Error() string { return e.Err.Error() }

// Unwrap gives the failure the status meant for the session.
func (e *RefusedError) Unwrap() error { return e.Err }
