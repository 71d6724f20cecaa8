package models

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
)

// urlCredential says why a connection URL is refused for holding a
// credential (a user name or password, a query parameter named like a
// key, token, secret or signature), "" when it holds none. A URL is shown
// and stored in clear; a credential goes in a header, sealed and
// write-only. The message names the parameter, never its value.
func urlCredential(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	if u.User != nil {
		return "holds a user name or password (user:pass@), which would be shown and stored in clear: give the credential as a header instead, e.g. --header 'Authorization=Basic …'"
	}
	q, _ := url.ParseQuery(u.RawQuery)
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if credentialName(name) && slices.ContainsFunc(q[name], func(v string) bool { return v != "" }) {
			return fmt.Sprintf("has a query parameter %q that looks like a credential, which would be shown and stored in clear: give it as a header instead (--header K=V, sealed and never shown)", name)
		}
	}
	return ""
}

// credentialName says whether a query parameter's name reads as a
// credential: one of its words is key, sig, pass, pwd or auth, or it
// holds token, secret, passw, apikey, credential or signature.
func credentialName(name string) bool {
	n := strings.ToLower(name)
	words := strings.FieldsFunc(n, func(r rune) bool { return (r < 'a' || r > 'z') && (r < '0' || r > '9') })
	for _, w := range words {
		switch w {
		case "key", "sig", "pass", "pwd", "auth":
			return true
		}
	}
	joined := strings.Join(words, "")
	for _, part := range []string{"token", "secret", "passw", "apikey", "credential", "signature"} {
		if strings.Contains(joined, part) {
			return true
		}
	}
	return false
}

// validHeaderValue says whether an HTTP header can carry v: no control
// character but the tab (RFC 9110 field-value).
func validHeaderValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; (c < 0x20 && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}
