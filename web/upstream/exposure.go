package upstream

import (
	"bytes"
	"fmt"
)

// ExposureError is a call whose answer (its result, or the server's
// error text) held one of the console's own secrets (SetConsoleSecrets:
// the admin's and the database's passwords, the sealing, audit, receipt
// and session keys) that the call's arguments did not hold, in any form
// the masker knows. No server is ever given those, so this is not text to
// mask but an incident: the answer is withheld whole, never read by the
// caller, and the secret is not in this error.
type ExposureError struct {
	// Name is the connection whose server answered.
	Name string
}

// Error names the connection whose answer was withheld, never the secret.
func (e *ExposureError) Error() string {
	return fmt.Sprintf("upstream %s: its answer held one of the console's own secrets; withheld", e.Name)
}

// exposedJSON says whether the JSON b (a result as ResultJSON writes it)
// holds, in a string or member name, one of the console's secrets the
// call did not send. The quick look at b's bytes errs toward the careful
// one (a short secret counts only as a word of its own).
func (c *callSet) exposedJSON(b []byte) bool {
	for _, r := range c.console {
		if bytes.Contains(b, c.set.groups[r.g].enc[r.f]) {
			return c.exposedText(joinedStrings(b))
		}
	}
	return false
}

// exposedText says whether t holds one of the console's secrets the call
// did not send.
func (c *callSet) exposedText(t string) bool {
	for _, r := range c.console {
		g := &c.set.groups[r.g]
		if holdsForm(t, g.forms[r.f], r.f == 0 && g.word) {
			return true
		}
	}
	return false
}

// maskText is text with the call's unsent secrets (the console's and the
// connection's) and credentials of known shapes masked: an error's text
// for logs, health and the caller.
func (c *callSet) maskText(text string) string {
	return maskOne(text, c.all)
}
