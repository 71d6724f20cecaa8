package upstream

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/shown"
)

// ServerError is a call the server answered with a JSON-RPC error: the
// server answered, the call failed, and nothing about its outcome is
// uncertain (unlike a call that timed out or whose connection was lost).
// Message is the server's message with its connection's secret values
// (--env, --header) masked, cut at MaxServerMessage bytes.
type ServerError struct {
	Name    string
	Code    int64
	Message string
	// exposed: the console's own secrets the server's text held (the
	// call is answered ExposureError, never this message)
	exposed []ConsoleSecret
	// masked: a secret of the connection was masked in Message (the
	// caller learns from it what a masked result tells, and it is
	// counted and audited the same way: CallJSON's masked)
	masked bool
}

func (e *ServerError) Error() string {
	// the server's text escaped (shown.Line): this string reaches logs,
	// audit details, a connection's status and the CLI
	return fmt.Sprintf("upstream %s answered with error %d: %s", e.Name, e.Code, shown.Line(e.Message))
}

// MaxServerMessage bounds the server's message a ServerError keeps.
const MaxServerMessage = 2000

// localCodes are the codes of errors the SDK's JSON-RPC layer makes
// itself (the connection closing, a transport's refusal): no server
// answered those.
var localCodes = map[int64]bool{-32003: true, -32004: true, -32005: true}

// answered marks the direct call's JSON-RPC error response (a response
// to the call, in a 2xx answer): the server's answer.
type answered struct{ err error }

func (a *answered) Error() string { return fmt.Sprintf("calling %q: %v", "tools/call", a.err) }
func (a *answered) Unwrap() error { return a.err }

// serverError is err as a *ServerError when it is the server's JSON-RPC
// error answer to the call (nil otherwise): through the direct call its
// response (answered); through the SDK's client a *jsonrpc.Error the
// SDK did not make itself.
func serverError(c *client, set *callSet, err error, direct bool) *ServerError {
	var we *jsonrpc.Error
	if direct {
		var a *answered
		if !errors.As(err, &a) || !errors.As(a.err, &we) {
			return nil
		}
	} else if !errors.As(err, &we) || localCodes[we.Code] || errors.Is(err, mcp.ErrConnectionClosed) {
		return nil
	}
	return &ServerError{Name: c.spec.Name, Code: we.Code, Message: maskSecrets(set, we.Message, MaxServerMessage),
		exposed: set.exposedText(we.Message), masked: set.maskIn(we.Message, set.conn, "", false) != we.Message}
}

// maskSecrets is s masked as a result's text is (the connection's secret
// set, built once per client, that is per version of its spec, and
// credential shapes, maskOne), then cut at n bytes (on a character boundary, "…" marking the cut) and
// made valid UTF-8. Masking comes before the cut, so no secret shows in
// part.
func maskSecrets(secrets interface{ maskText(string) string }, s string, n int) string {
	s = secrets.maskText(s)
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strings.ToValidUTF8(s, "�")
}
