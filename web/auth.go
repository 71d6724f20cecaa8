package web

import (
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func (s *Server) loginForm(c echo.Context) error {
	if currentUser(c) != nil {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return s.renderLogin(c, http.StatusOK, views.LoginForm{Next: safeNext(c.QueryParam("next"))})
}

func (s *Server) renderLogin(c echo.Context, status int, f views.LoginForm) error {
	tok := models.RandomToken(24)
	c.SetCookie(&http.Cookie{Name: preCSRFCookie, Value: tok, Path: "/login", HttpOnly: true, Secure: s.secure(c), SameSite: http.SameSiteStrictMode})
	f.CSRF = tok
	return s.render(c, status, s.page(c, "Sign in", ""), views.Login(f))
}

func (s *Server) login(c echo.Context) error {
	ctx := c.Request().Context()
	name := strings.TrimSpace(c.FormValue("username"))
	pw := c.FormValue("password")
	next := safeNext(c.FormValue("next"))
	ip := clientIP(c)
	form := views.LoginForm{Username: name, Next: next}
	if name == "" || pw == "" || len(name) > 64 || len(pw) > 1024 {
		form.Error = "Enter your username and password."
		return s.renderLogin(c, http.StatusUnprocessableEntity, form)
	}
	throttled, err := s.store.LoginThrottled(ctx, name, ip)
	if err != nil {
		return err
	}
	if throttled {
		form.Error = "Too many failed attempts. Wait 15 minutes and try again."
		return s.renderLogin(c, http.StatusTooManyRequests, form)
	}
	u, err := s.store.Authenticate(ctx, name, pw)
	if err != nil {
		if rerr := s.store.RecordLoginFailure(ctx, name, ip); rerr != nil {
			return rerr
		}
		s.log.WarnContext(ctx, "sign-in failed", "username", name, "ip", ip)
		form.Error = "Wrong username or password."
		return s.renderLogin(c, http.StatusUnauthorized, form)
	}
	// a new session id at every sign-in: any earlier one is ended
	if old := currentSession(c); old != nil {
		_ = s.store.DeleteSession(ctx, old.ID)
	}
	tok, _, err := s.store.CreateSession(ctx, u.ID)
	if err != nil {
		return err
	}
	_ = s.store.ClearLoginFailures(ctx, name)
	s.setSessionCookie(c, tok)
	c.SetCookie(&http.Cookie{Name: preCSRFCookie, Value: "", Path: "/login", MaxAge: -1})
	return c.Redirect(http.StatusSeeOther, next)
}

func (s *Server) logout(c echo.Context) error {
	if sess := currentSession(c); sess != nil {
		if err := s.store.DeleteSession(c.Request().Context(), sess.ID); err != nil {
			return err
		}
	}
	s.clearSessionCookie(c)
	if isFragment(c) {
		c.Response().Header().Set("HX-Redirect", "/login")
		return c.NoContent(http.StatusOK)
	}
	return c.Redirect(http.StatusSeeOther, "/login")
}

// safeNext keeps a post-login redirect on this site.
func safeNext(next string) string {
	u, err := url.Parse(next)
	if next == "" || err != nil || u.IsAbs() || u.Host != "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		return "/"
	}
	return next
}

func clientIP(c echo.Context) string {
	host, _, err := net.SplitHostPort(c.Request().RemoteAddr)
	if err != nil {
		return c.Request().RemoteAddr
	}
	return host
}
