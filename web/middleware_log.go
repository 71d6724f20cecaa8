package web

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// The request log: each request's id, and its one log line, at the level
// of who is at fault and naming who made it, never a secret.

// requestID gives each request an id (X-Request-Id, and in its context
// for the log lines it writes).
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
