package web

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// signInURL is the sign-in page that returns the user to the page they
// were on: the request itself for a plain GET, the page an htmx request
// came from (HX-Current-URL), or the page a form was posted from
// (Referer). Only a same-origin local path is kept (never an open
// redirect); anything else returns to the dashboard.
func signInURL(c echo.Context) string {
	r := c.Request()
	page := "/"
	switch {
	case isFragment(c):
		page = samePath(r, r.Header.Get("HX-Current-URL"))
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		page = r.URL.RequestURI()
	default:
		page = samePath(r, r.Header.Get("Referer"))
	}
	// a page too long for a header returns to its path alone
	for _, next := range []string{safeNext(page), safeNext(withoutQuery(page))} {
		if to := "/login?next=" + url.QueryEscape(next); len(to) <= maxHeaderURL {
			return to
		}
	}
	return "/login"
}

// samePath is the path and query of an absolute URL of this origin, "/"
// for any other.
func samePath(r *http.Request, raw string) string {
	u, err := url.Parse(raw)
	if err != nil || raw == "" || u.Host != r.Host || (u.Scheme != "http" && u.Scheme != "https") {
		return "/"
	}
	return u.RequestURI()
}

// signInFirst answers a request that needs a signed-in user and has
// none: htmx is told to load the sign-in page as a whole page
// (HX-Redirect, never a sign-in panel swapped into a fragment), a GET is
// redirected there, and any other request is a 401 whose page links to it.
func signInFirst(c echo.Context) error {
	to := signInURL(c)
	if isFragment(c) {
		c.Response().Header().Set("HX-Redirect", fitURL(to))
		return c.NoContent(http.StatusUnauthorized)
	}
	if m := c.Request().Method; m == http.MethodGet || m == http.MethodHead {
		return c.Redirect(http.StatusSeeOther, fitURL(to))
	}
	return echo.NewHTTPError(http.StatusUnauthorized, "Sign in first.")
}
