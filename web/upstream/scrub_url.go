package upstream

import (
	"net/url"
	"strings"
)

// A connection's --url may carry a token in its path or query; Go's
// network errors quote the URL they failed on in full ("Post
// \"https://host/mcp?key=…\": dial tcp …"). An error leaving the pool for
// an HTTP connection shows the URL's origin only.

// scrubbedError is an error whose message had the connection's URL
// reduced to its origin; errors.Is and errors.As see the original.
type scrubbedError struct {
	err error
	msg string
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }

// scrubURL returns err with every quotation of raw (the configured URL)
// reduced to its origin, and any other quotation of its query masked;
// err itself when its message quotes neither.
func scrubURL(err error, raw string) error {
	if err == nil || raw == "" {
		return err
	}
	u, perr := url.Parse(raw)
	if perr != nil {
		return err
	}
	origin := originOf(u)
	msg := err.Error()
	out := msg
	forms := []string{raw, u.String(), u.Redacted()}
	for _, f := range forms {
		if f != "" && f != origin {
			out = strings.ReplaceAll(out, f, origin+"/…")
		}
	}
	for _, part := range []string{u.RawQuery, u.Query().Encode()} {
		if len(part) > 1 {
			out = strings.ReplaceAll(out, part, "…")
		}
	}
	if out == msg {
		return err
	}
	return &scrubbedError{err: err, msg: out}
}
