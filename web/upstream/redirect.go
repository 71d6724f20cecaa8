package upstream

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// RedirectError is an HTTP server's answer that redirects a request. The
// console never follows one: a connection's headers (its secrets) and a
// call's arguments go to the connection's own URL only.
type RedirectError struct {
	Status int    // the redirecting answer's status
	Origin string // the Location's scheme and host, never its path or query
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("the server answered %d, a redirect to %s; the console does not follow redirects (a connection's headers and calls go to its --url only): give the address it redirects to as --url", e.Status, e.Origin)
}

// refuseRedirect is an HTTP client's CheckRedirect: no redirect is
// followed (noRedirects answers them first; this is the second lock).
func refuseRedirect(req *http.Request, _ []*http.Request) error {
	status := 0
	if req.Response != nil {
		status = req.Response.StatusCode
	}
	return &RedirectError{Status: status, Origin: originOf(req.URL)}
}

// noRedirects turns a redirecting answer into a *RedirectError at the
// transport, before an HTTP client reads it: the client's own error for
// a refused redirect would quote the Location whole, query included.
type noRedirects struct{ base http.RoundTripper }

func (t noRedirects) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := t.base.RoundTrip(r)
	if err != nil {
		return res, err
	}
	switch res.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		_ = res.Body.Close()
		origin := "an address it did not give (no Location)"
		if loc, lerr := res.Location(); lerr == nil {
			origin = originOf(loc)
		}
		return nil, &RedirectError{Status: res.StatusCode, Origin: origin}
	}
	return res, nil
}

// originOf is a URL's scheme and host (no user, path or query).
func originOf(u *url.URL) string {
	if u == nil {
		return ""
	}
	return (&url.URL{Scheme: strings.ToLower(u.Scheme), Host: strings.ToLower(u.Host)}).String()
}

// headerTransport adds a connection's headers to every request for the
// origin of its URL, and to no other, and the loop marker (loop.go) to
// every request.
type headerTransport struct {
	origin  string
	headers map[string]string
	base    http.RoundTripper
	marker  string
	// scheme and host are the URL's, in lower case (origin's parts)
	scheme, host string
	// owned: the transport's client sends only requests built for it
	// alone (the direct path's: direct.go), so the headers are set on the
	// request itself; any other's are set on a clone (a RoundTripper may
	// not change a request it was given)
	owned bool
}

// newHeaderTransport is a headerTransport for a connection's URL.
func newHeaderTransport(rawURL string, headers map[string]string, base http.RoundTripper, marker string) headerTransport {
	t := headerTransport{headers: headers, base: base, marker: marker}
	if u, err := url.Parse(rawURL); err == nil {
		t.origin = originOf(u)
		t.scheme, t.host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	}
	return t
}

// sameOrigin reports whether u is of the connection URL's origin
// (originOf(u) == t.origin, without building either).
func (t headerTransport) sameOrigin(u *url.URL) bool {
	return t.origin != "" && u != nil && strings.EqualFold(u.Scheme, t.scheme) && strings.EqualFold(u.Host, t.host)
}

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if !t.owned {
		r = r.Clone(r.Context())
	}
	if len(t.headers) > 0 && t.sameOrigin(r.URL) {
		for k, v := range t.headers {
			r.Header.Set(k, v)
		}
	}
	// set last: a connection's headers cannot replace or forge it
	r.Header.Set(LoopHeader, t.marker)
	res, err := t.base.RoundTrip(r)
	if err == nil && res.Header.Get(LoopHeader) == t.marker {
		// this console's own gateway refused the request (loop.go)
		res.Body.Close()
		return nil, errOwnGateway
	}
	return res, err
}
