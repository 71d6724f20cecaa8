package web

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

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

func (s *Server) requestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := models.RandomToken(9)
		c.Response().Header().Set("X-Request-Id", id)
		req := c.Request()
		c.SetRequest(req.WithContext(models.WithRequestID(req.Context(), id)))
		return next(c)
	}
}

func (s *Server) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		status := c.Response().Status
		level := requestLevel(c, status)
		if !s.log.Enabled(c.Request().Context(), level) {
			return nil
		}
		args := []any{"method", c.Request().Method, "path", logPath(c), "status", status,
			"duration_ms", time.Since(start).Milliseconds(), "user", logUser(c)}
		if rpc, ok := c.Get(keyRPC).(rpcLog); ok {
			args = append(args, "rpc", rpc.method)
			if rpc.tool != "" {
				args = append(args, "tool", rpc.tool)
			}
		}
		s.log.Log(c.Request().Context(), level, "request", args...)
		return nil
	}
}

// gatewayInSession reports a gateway request within a session — a call,
// a search, a list, a notification — as opposed to the session's start
// (initialize) and end (DELETE): the run evidence records each of them on
// the Runs page, so the log has them at debug level; a session's start
// and end are logged at info, naming the key, so an admin sees in the
// log which client opened a session.
func gatewayInSession(c echo.Context) bool {
	if c.Path() != "/mcp/:agent" || c.Request().Method == http.MethodDelete {
		return false
	}
	rpc, _ := c.Get(keyRPC).(rpcLog)
	return rpc.method != "initialize"
}

// keyRPC holds a gateway request's rpcLog, for its request log line.
const keyRPC = "rpc"

// rpcLog is what the request log says of a gateway request: its
// JSON-RPC method and, for tools/call, the tool's name as sent (clipped);
// never its arguments.
type rpcLog struct{ method, tool string }

// logUser is who the request log names: the signed-in user, or the API
// key a request was made with as the audit log names it ("apikey:ID
// NAME"), never its secret; "" for neither (the line then has no user:
// OmitEmptyAttrs).
func logUser(c echo.Context) string {
	if u := currentUser(c); u != nil {
		return u.Username
	}
	if k := requestKey(c); k != nil {
		return apiKeyActor(k)
	}
	return ""
}

// requestLevel is the level of a request's log line, by who is at
// fault: the console's failure (5xx) is an error; a client's refusal
// (every 4xx) is at most a warning, never an error; a client's method the
// gateway does not serve is debug (see methodRefused); the health check,
// the assets and the runtime's successful per-call routes are debug.
func requestLevel(c echo.Context, status int) slog.Level {
	switch {
	case status >= 500:
		return slog.LevelError
	case c.Path() == "/healthz" || c.Path() == "/static/:version/*" || (status < 400 && (runtimeCheckPath(c.Path()) || gatewayInSession(c))) || methodRefused(c, status):
		return slog.LevelDebug
	case status >= 400:
		return slog.LevelWarn
	}
	return slog.LevelInfo
}

// methodRefused reports the gateway's 405 to a method it does not serve:
// GET, the optional server-to-client stream of the streamable HTTP
// transport, which the SDKs try on every session and the spec lets a
// server decline, and HEAD, a probe of clients and monitors. The client's
// step, answered with Allow; it is logged at debug, never as a warning
// nor an error.
func methodRefused(c echo.Context, status int) bool {
	m := c.Request().Method
	return status == http.StatusMethodNotAllowed && (m == http.MethodGet || m == http.MethodHead) && isGatewayPath(c.Request().URL.Path)
}

// runtimeCheckPath reports the runtime API's per-call routes: a line per
// successful check, run or compose request would cost more than the
// request (a served compose from the response cache is a generation read
// and a write), and the check counters, the run evidence and the
// composition receipts already record each one; their failures are still
// logged.
func runtimeCheckPath(route string) bool {
	switch route {
	case "/api/v1/authorize", "/api/v1/runs/:run/calls", "/api/v1/runs/:run/steps", "/api/v1/runs/:run/search", "/api/v1/compose":
		return true
	}
	return false
}

// contentSecurityPolicy allows only same-origin scripts and styles: no
// inline script, no plugins, no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// headerValue is a response header with its value as http.Header holds
// it: a one-value slice every response shares, set without Header.Set's
// key check and slice allocation (five allocations a request, 1.5% of
// an authorize check's CPU). The keys are canonical and each slice's
// length is its capacity, so an Add on one response copies it rather
// than write into it; nothing writes a header's value in place.
type headerValue struct {
	key   string
	value []string
}

// securityHeaderValues are the headers securityHeaders puts on every
// response.
var securityHeaderValues = [...]headerValue{
	{"Content-Security-Policy", []string{contentSecurityPolicy}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Referrer-Policy", []string{"same-origin"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
}

// strictTransportSecurity is the header of a response over TLS (or behind
// a proxy that terminates it).
var strictTransportSecurity = headerValue{"Strict-Transport-Security", []string{"max-age=31536000"}}

func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		for _, kv := range securityHeaderValues {
			h[kv.key] = kv.value
		}
		if s.secure(c) {
			h[strictTransportSecurity.key] = strictTransportSecurity.value
		}
		return next(c)
	}
}

func (s *Server) secure(c echo.Context) bool {
	return s.cfg.SecureCookies || c.Request().TLS != nil
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
