package web

import (
	"bytes"
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// isFragment reports an htmx request that wants only the fragment.
func isFragment(c echo.Context) bool {
	h := c.Request().Header
	return h.Get("HX-Request") == "true" && h.Get("HX-Boosted") != "true"
}

// page builds the layout's view model for the current request.
func (s *Server) page(c echo.Context, title, active string) views.Page {
	p := views.Page{Title: title, Active: active, AssetVersion: s.assets}
	s.signedIn(c, &p)
	if sess := currentSession(c); sess != nil {
		if !isFragment(c) {
			p.Flash = s.store.TakeFlash(c.Request().Context(), sess, c.Request().URL.Path)
		}
	}
	return p
}

// signedIn gives a page the signed-in person's part of the layout: who
// they are, the navigation their roles open and the form token. Every page
// has it, error pages included.
func (s *Server) signedIn(c echo.Context, p *views.Page) {
	if u := currentUser(c); u != nil {
		p.Viewer = viewer(u)
		for _, n := range views.NavEntries() {
			if s.allows(u, http.MethodGet, n.Href) {
				p.Nav = append(p.Nav, n)
			}
		}
	}
	if sess := currentSession(c); sess != nil {
		p.CSRF = sess.CSRFToken
	}
}

func viewer(u *models.User) *views.Viewer {
	v := &views.Viewer{Name: u.Username, IsAdmin: u.Has(models.RoleAdmin), IsEditor: u.Has(models.RoleEditor), IsReviewer: u.Has(models.RoleReviewer)}
	for _, r := range u.RoleList() {
		v.Roles = append(v.Roles, string(r))
	}
	return v
}

// render writes the component (alone for htmx, else inside the layout)
// into a buffer first, so a template error becomes a clean 500, never half
// a page.
func (s *Server) render(c echo.Context, status int, p views.Page, body templ.Component) error {
	c.Response().Header().Add("Vary", "HX-Request")
	comp := body
	if !isFragment(c) {
		comp = views.Layout(p, body)
	}
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// flashAndRedirect stores a one-time message and redirects (303, or
// HX-Redirect for htmx); a destination too long for a header keeps its
// path.
func (s *Server) flashAndRedirect(c echo.Context, msg, to string) error {
	to = fitURL(to)
	if sess := currentSession(c); sess != nil && msg != "" {
		if err := s.store.SetFlash(c.Request().Context(), sess.ID, msg, to); err != nil {
			return err
		}
	}
	if isFragment(c) {
		c.Response().Header().Set("HX-Redirect", to)
		return c.NoContent(http.StatusOK)
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// csrfToken is the session's CSRF token ("" when signed out).
func csrfToken(c echo.Context) string {
	if sess := currentSession(c); sess != nil {
		return sess.CSRFToken
	}
	return ""
}
