package web

import "strings"

// maxHeaderURL bounds a URL built from a request's values that goes into
// a response header (htmx's push and replace, a redirect): clients refuse
// header lines past 64 KB and proxies answer 502; a page's state in the
// URL never needs more than a few KB.
const maxHeaderURL = 4096

// fitURL is u when it fits a header; else its path without the query
// ("/" when even the path does not fit).
func fitURL(u string) string {
	if len(u) <= maxHeaderURL {
		return u
	}
	if u = withoutQuery(u); len(u) > maxHeaderURL {
		return "/"
	}
	return u
}

// withoutQuery is u up to its query.
func withoutQuery(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}

// setURLHeader sets header k to u, or leaves it out when u would not fit
// (htmx then keeps the address bar as it was).
func setURLHeader(h interface{ Set(k, v string) }, k, u string) {
	if len(u) <= maxHeaderURL {
		h.Set(k, u)
	}
}
