package web

import (
	"errors"
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
	if name == "" || pw == "" || len(name) > 64 || len(pw) > models.MaxPasswordLength {
		form.Error = "Enter your username and password."
		return s.renderLogin(c, http.StatusUnprocessableEntity, form)
	}
	u, status, err := s.checkPassword(c, name, pw)
	switch {
	case status == http.StatusTooManyRequests:
		form.Error = "Too many failed attempts from this address. Wait 15 minutes and try again."
		return s.renderLogin(c, status, form)
	case status == http.StatusServiceUnavailable:
		form.Error = "The console is busy signing people in. Try again in a few seconds."
		return s.renderLogin(c, status, form)
	case err != nil:
		return err
	case u == nil:
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
	s.setSessionCookie(c, tok)
	c.SetCookie(&http.Cookie{Name: preCSRFCookie, Value: "", Path: "/login", MaxAge: -1})
	return c.Redirect(http.StatusSeeOther, fitURL(next))
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

// checkPassword counts the attempt for (name, client address) before
// checking the password, then checks it under the hashing bound. It
// returns the user on success; 429 when the attempt is throttled, 503 when
// hashing is saturated (Retry-After set); a nil user and status 0 for a
// wrong password.
func (s *Server) checkPassword(c echo.Context, name, pw string) (*models.User, int, error) {
	ctx := c.Request().Context()
	ip := clientIP(c)
	attempt, allowed, err := s.store.BeginAttempt(ctx, name, ip)
	if err != nil {
		return nil, 0, err
	}
	if !allowed {
		c.Response().Header().Set("Retry-After", "900")
		return nil, http.StatusTooManyRequests, nil
	}
	u, err := authenticate(s.store, ctx, name, pw)
	switch {
	case errors.Is(err, models.ErrBusy):
		// the password was never checked: no failure to count (a flood
		// that filled the hashing slots would otherwise push the owner's
		// own attempts past the limits)
		if err := s.store.AttemptNotChecked(ctx, attempt); err != nil {
			return nil, 0, err
		}
		c.Response().Header().Set("Retry-After", "5")
		return nil, http.StatusServiceUnavailable, nil
	case errors.Is(err, models.ErrBadCredentials):
		return nil, 0, nil
	case err != nil:
		return nil, 0, err
	}
	if err := s.store.AttemptSucceeded(ctx, name, ip); err != nil {
		return nil, 0, err
	}
	return u, 0, nil
}

// authenticate checks a password (a variable so a test can make the
// hashing slots look full).
var authenticate = (*models.Store).Authenticate

// clientIP is the client's address: the peer address, or, when a trusted
// proxy header is configured, what the proxy says (for X-Forwarded-For
// the rightmost entry, the one the proxy appended: lastForwardedFor).
func clientIP(c echo.Context) string {
	return c.RealIP()
}
