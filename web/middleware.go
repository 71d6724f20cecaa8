package web

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

const (
	sessionCookie = "console_session"
	preCSRFCookie = "console_csrf"
	keyUser       = "user"
	keySession    = "session"
)

func (s *Server) recoverPanics(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				s.log.ErrorContext(c.Request().Context(), "panic", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				err = echo.NewHTTPError(http.StatusInternalServerError)
			}
		}()
		return next(c)
	}
}

// loadSession attaches the signed-in user, if the cookie names a live
// session.
func (s *Server) loadSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ck, err := c.Cookie(sessionCookie)
		if err == nil && ck.Value != "" && len(ck.Value) < 200 {
			sess, u, err := s.store.SessionByToken(c.Request().Context(), ck.Value, s.cfg.Session)
			switch {
			case err == nil:
				c.Set(keyUser, u)
				c.Set(keySession, sess)
				// a signed-in response is never kept by a browser or a proxy
				// (static assets stay cacheable; the API has its own rules)
				if p := c.Request().URL.Path; !strings.HasPrefix(p, "/static/") && !strings.HasPrefix(p, "/api/") {
					c.Response().Header().Set("Cache-Control", "no-store")
				}
			case errors.Is(err, models.ErrNotFound):
				s.clearSessionCookie(c)
			default:
				// the database is unreachable: say so (503), do not sign the user out
				return err
			}
		}
		return next(c)
	}
}

// enforce applies a route's policy, and CSRF checks to every
// state-changing request.
func (s *Server) enforce(p policy) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if p.apiKey {
				// API routes take keys only: a session cookie grants nothing here,
				// and no CSRF applies to a bearer token
				if err := s.authenticateKey(c, p.scope); err != nil {
					return err
				}
				if name, n := repeatedQuery(c); n > 1 {
					return apiErr(http.StatusBadRequest, "bad_request", name, fmt.Sprintf("%s: give it once (it was given %d times)", name, n))
				}
				return next(c)
			}
			u := currentUser(c)
			if !p.public {
				if u == nil {
					return signInFirst(c)
				}
				if !allowed(u, p.roles) {
					return echo.NewHTTPError(http.StatusForbidden, "Your roles do not allow this.")
				}
			}
			if !safeMethod(c.Request().Method) {
				if err := s.checkCSRF(c); err != nil {
					return err
				}
			}
			return next(c)
		}
	}
}

func allowed(u *models.User, roles []models.Role) bool {
	if len(roles) == 0 {
		return len(u.RoleList()) > 0
	}
	for _, r := range roles {
		if u.Has(r) {
			return true
		}
	}
	return false
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// checkCSRF requires a same-origin request (Fetch Metadata, when the
// browser sends it) and the session's token in the form or the
// X-CSRF-Token header (never the query string); before sign-in the token
// is a double-submit cookie.
func (s *Server) checkCSRF(c echo.Context) error {
	switch c.Request().Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return echo.NewHTTPError(http.StatusForbidden, "Cross-site request refused.")
	}
	// the token travels in the header or the form body, never in a URL
	sent := c.Request().Header.Get("X-CSRF-Token")
	if sent == "" {
		sent = c.Request().PostFormValue("_csrf")
	}
	want := ""
	if sess := currentSession(c); sess != nil {
		want = sess.CSRFToken
	} else if ck, err := c.Cookie(preCSRFCookie); err == nil {
		want = ck.Value
	}
	if want == "" || sent == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(want)) != 1 {
		return echo.NewHTTPError(http.StatusForbidden, "The form expired or did not come from this console. Reload the page and try again.")
	}
	return nil
}

func currentUser(c echo.Context) *models.User {
	u, _ := c.Get(keyUser).(*models.User)
	return u
}

func currentSession(c echo.Context) *models.Session {
	s, _ := c.Get(keySession).(*models.Session)
	return s
}

func userName(c echo.Context) string {
	if u := currentUser(c); u != nil {
		return u.Username
	}
	return ""
}

func (s *Server) setSessionCookie(c echo.Context, tok string) {
	c.SetCookie(&http.Cookie{Name: sessionCookie, Value: tok, Path: "/", HttpOnly: true, Secure: s.secure(c), SameSite: http.SameSiteLaxMode, MaxAge: int(s.cfg.Session.Absolute.Seconds())})
}

func (s *Server) clearSessionCookie(c echo.Context) {
	c.SetCookie(&http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: s.secure(c), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}
