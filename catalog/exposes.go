package catalog

import (
	"regexp"
	"strings"
)

// exposesVerb is what a tool does with what it hands back; exposesWhat is
// the server's environment or a credential. A description joining one to
// the other within a few words says the tool returns them ("Returns all
// environment variables", "Lists the stored credentials"); a tool that
// merely uses a credential ("with the configured API key"), or counts
// text tokens, says neither.
const exposesPattern = `\b(?:returns?|lists?|shows?|prints?|dumps?|reads?|gets?|retrieves?|fetch(?:es)?|exposes?|reveals?|outputs?|displays?|echo(?:es)?)\b(?:\W+[\w'-]+){0,4}?\W+(` +
	`(?:process|server|shell|runtime)(?:'s)? environment|environment variables?|env(?:ironment)? vars?|env variables?|` +
	`secrets?(?: values?| keys?)?|credentials?|passwords?|api[ -]?keys?|private keys?|access keys?|` +
	`(?:access|auth|api|bearer|oauth|session|refresh|personal access) tokens?)\b`

var exposesRe = regexp.MustCompile(exposesPattern)

// ExposesSecrets is what a tool's description says it returns of its
// server's environment or of credentials ("environment variables",
// "credentials", "access token"), "" when it says nothing of the kind.
// Such a tool is read-only by its effects and still hands whoever may
// call it what the server holds: the review page says so. It judges the
// description's words only, never a tool's name.
func ExposesSecrets(k Contract) string {
	m := exposesRe.FindStringSubmatch(strings.ToLower(k.Purpose))
	if m == nil {
		return ""
	}
	return m[1]
}
