package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// withHead is the route table with a HEAD route beside every GET route,
// under the same policy and handler: HEAD answers what GET answers, the
// status and headers, without the body (RFC 9110 §9.3.2).
func withHead(routes []route) []route {
	out := make([]route, 0, len(routes)*2)
	for _, r := range routes {
		out = append(out, r)
		if r.method == http.MethodGet {
			out = append(out, route{http.MethodHead, r.path, r.policy, r.handler})
		}
	}
	return out
}

// dropBody makes the response of a HEAD request bodiless: whatever the
// handler or the error handler writes is counted as written and dropped,
// on every transport (a test recorder keeps what net/http's server drops).
func dropBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Method == http.MethodHead {
			res := c.Response()
			res.Writer = bodyless{res.Writer}
		}
		return next(c)
	}
}

// bodyless passes on the status and headers and drops the body.
type bodyless struct{ http.ResponseWriter }

// Write counts p as written and drops it.
func (w bodyless) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap lets http.ResponseController reach the underlying writer.
func (w bodyless) Unwrap() http.ResponseWriter { return w.ResponseWriter }
