package upstream

import (
	"bytes"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority/credential"
)

// ExposureError is a call whose answer (its result, or the server's
// error text) held one of the console's own secrets (SetConsoleSecrets:
// the admin's and the database's passwords, the sealing, audit, receipt
// and session keys) that the call's arguments did not hold, in any form
// the masker knows. No server is ever given those by the console: either
// a caller gave it one in an earlier call (a value a memory or notes
// server stored, then read back: an echo, to be answered as any other
// text is, or the answer would tell a right guess from a wrong one), or
// the server holds one the console never gave it (an incident: the
// answer is withheld whole). Which is for the caller of CallJSON to say,
// from its records of the secrets sent to the connection (Found); the
// answer as it would be served were it an echo is kept here, and the
// secret is not in this error's text.
type ExposureError struct {
	// Name is the connection whose server answered.
	Name string
	// Found names the console secrets the answer held.
	Found []ConsoleSecret
	// Res, Raw, Masked and Err are CallJSON's answer were each secret
	// in Found an echo: the console's secrets left as the server wrote
	// them, the connection's own masked as always.
	Res    *mcp.CallToolResult
	Raw    []byte
	Masked bool
	Err    error
}

// Error names the connection whose answer was withheld, never the secret.
func (e *ExposureError) Error() string {
	return fmt.Sprintf("upstream %s: its answer held one of the console's own secrets; withheld", e.Name)
}

// exposedJSON is the console's secrets the call did not send that the
// JSON b (a result as ResultJSON writes it) holds, in a string or member
// name. The quick look at b's bytes errs toward the careful one (a short
// secret counts only as a word of its own).
func (c *callSet) exposedJSON(b []byte) []ConsoleSecret {
	for _, r := range c.console {
		if bytes.Contains(b, c.set.groups[r.g].enc[r.f]) {
			return c.exposedText(joinedStrings(b))
		}
	}
	if c.set.spacedInJSON(b, c.console) {
		return c.exposedText(joinedStrings(b))
	}
	return nil
}

// exposedText is the console's secrets the call did not send that t
// holds (as written, or with separators between its characters), each
// once.
func (c *callSet) exposedText(t string) []ConsoleSecret {
	var out []ConsoleSecret
	seen := map[int]bool{}
	x := &textScan{t: t}
	for _, r := range c.console {
		g := &c.set.groups[r.g]
		if seen[r.g] {
			continue
		}
		if x.holds(g, r.f) {
			seen[r.g] = true
			out = append(out, consoleSecretOf(g.forms[0]))
		}
	}
	return out
}

// maskText is text with the call's secrets (the console's unsent, the
// connection's but where they echo an argument: maskIn; as written or
// with separators) and credentials of known shapes masked: an error's
// text for logs, health and the caller.
func (c *callSet) maskText(text string) string {
	return credential.Mask(c.maskIn(text, c.all, "", false), CredentialMark)
}

// connView is c with the console's secrets taken out: the view an
// answer is masked with once each console secret it held is known to be
// an echo of one a caller sent.
func (c *callSet) connView() *callSet {
	v := *c
	v.all, v.console = c.conn, nil
	return &v
}

// exposure is the ExposureError of an answer holding found, with the
// answer it would be as an echo.
func exposure(name string, found []ConsoleSecret, res *mcp.CallToolResult, raw []byte, masked bool, err error) *ExposureError {
	return &ExposureError{Name: name, Found: found, Res: res, Raw: raw, Masked: masked, Err: err}
}
