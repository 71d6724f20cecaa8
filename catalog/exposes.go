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
	text := strings.ToLower(k.Purpose)
	m := exposesRe.FindStringSubmatchIndex(text)
	if m == nil {
		return ""
	}
	// the determiner before it reads on after "it returns": "the
	// server's environment", "all environment variables"
	before := strings.Fields(text[:m[2]])
	if n := len(before); n > 0 && determiners[before[n-1]] {
		return before[n-1] + " " + text[m[2]:m[3]]
	}
	return text[m[2]:m[3]]
}

// determiners are the words kept before what a tool returns.
var determiners = map[string]bool{"a": true, "an": true, "the": true, "its": true, "their": true, "all": true, "any": true, "every": true, "your": true}
