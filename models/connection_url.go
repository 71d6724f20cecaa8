package models

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/agentforge/console/instruction/authority/credential"
)

// urlCredential says why a connection URL is refused for holding a
// credential (a user name or password, a fragment, a path segment that
// holds one, a query parameter whose name holds a secret by the one name
// rule, credential.Named), "" when it holds none. A URL is shown
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
	// url.Parse cuts at the first '#', so any '#' starts a fragment (an
	// empty one too)
	if strings.Contains(raw, "#") {
		return "has a fragment (#…), which an HTTP client never sends to the server and which would be shown and stored in clear: drop it, and give a credential as a header instead (--header K=V, sealed and never shown)"
	}
	if msg := pathCredential(u.Path); msg != "" {
		return msg
	}
	q, _ := url.ParseQuery(u.RawQuery)
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if credential.Named(name) && slices.ContainsFunc(q[name], func(v string) bool { return v != "" }) {
			return fmt.Sprintf("has a query parameter %q that looks like a credential, which would be shown and stored in clear: give it as a header instead (--header K=V, sealed and never shown)", name)
		}
	}
	return ""
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

// pathCredential says why a URL path is refused for holding a credential
// ("" when it holds none): a segment of a known credential's shape
// (credential.Find: ghp_…, sk-…, a JSON web token), or a random-looking
// segment right after one named like a credential (/token/a9F3…,
// /api-key/…). A path is shown and stored in clear like the rest of the
// URL. The message names the segment before, never the value.
func pathCredential(path string) string {
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if seg == "" {
			continue
		}
		if len(credential.Find(seg)) > 0 {
			return fmt.Sprintf("has a path segment (the %s) that looks like a credential, which would be shown and stored in clear: give it as a header instead (--header K=V, sealed and never shown)", ordinal(i))
		}
		if i > 0 && credential.Named(segs[i-1]) && credential.LooksRandom(seg) {
			return fmt.Sprintf("has a path segment after %q that looks like a credential, which would be shown and stored in clear: give it as a header instead (--header K=V, sealed and never shown)", segs[i-1])
		}
	}
	return ""
}

// ordinal names a path segment by its place in English: "first",
// "second", "third", then 4th … 11th, 12th, 13th … 21st, 22nd, 23rd.
func ordinal(i int) string {
	switch i {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	suffix := "th"
	if i%100 < 11 || i%100 > 13 {
		switch i % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", i, suffix)
}

// ShownURL is the connection's URL as a page or a command shows it: the
// URL itself, or, when it holds a credential (a connection stored before
// such URLs were refused), only its scheme and host and a note, so the
// credential is never shown.
func (c *Connection) ShownURL() string {
	if c.URL == "" || urlCredential(c.URL) == "" {
		return c.URL
	}
	u, err := url.Parse(c.URL)
	if err != nil || u.Host == "" {
		return "(a URL holding a credential: edit the connection to give it as a header)"
	}
	return u.Scheme + "://" + u.Host + "/… (holds a credential: edit the connection to give it as a header)"
}
