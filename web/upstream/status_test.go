package upstream

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestCheckStatusRefusesOnlyWhatProvesNothingRan: every HTTP status a
// call's answer may have, with a proxy's plain-text body, read as
// checkStatus reads it. Only the statuses that prove the request was not
// processed are a *RefusedError (nothing ran: the gateway releases the
// call's key, budget and approval); every other one, 503 and 403
// included (a proxy gives 503 after its backend got the call, a WAF's
// response-phase rule 403), is a failure whose outcome is unknown. 429
// and 502-504 leave the session.
func TestCheckStatusRefusesOnlyWhatProvesNothingRan(t *testing.T) {
	proves := map[int]string{
		400: "the request's form", 401: "no credentials", 404: "session unknown",
		405: "method", 406: "accept header", 413: "body too large", 414: "URI too long", 415: "content type",
		421: "misdirected: retried by clients whatever the method", 425: "too early: not processed, replay risk",
		429: "rate limited: counted and refused before forwarding", 431: "headers too large",
	}
	transient := map[int]bool{429: true, 502: true, 503: true, 504: true}
	for c := 100; c < 600; c++ {
		if c >= 200 && c < 300 {
			continue
		}
		res := &http.Response{StatusCode: c, Body: io.NopCloser(strings.NewReader("upstream connect error or disconnect/reset before headers"))}
		err := checkStatus(res)
		var re *RefusedError
		refused := errors.As(err, &re)
		if _, want := proves[c]; refused != want {
			t.Errorf("HTTP %d: refused %v, want %v (%s)", c, refused, want, proves[c])
		}
		if refused && re.Status != c {
			t.Errorf("HTTP %d: refused with status %d", c, re.Status)
		}
		if gone := errors.Is(err, errSessionGone); gone == transient[c] {
			t.Errorf("HTTP %d: session gone %v, want %v", c, gone, !transient[c])
		}
	}
	// the server's own JSON-RPC error in the body is its answer, whatever
	// the status (a proxy's 503 is not read for one)
	body := `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}`
	for c, want := range map[int]bool{400: true, 403: true, 500: true, 503: false} {
		err := checkStatus(&http.Response{StatusCode: c, Body: io.NopCloser(strings.NewReader(body))})
		var a *answered
		var re *RefusedError
		if errors.As(err, &a) != want || errors.As(err, &re) {
			t.Errorf("HTTP %d with a JSON-RPC error: %v, want answered %v and not refused", c, err, want)
		}
	}
}
