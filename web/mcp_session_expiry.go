package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/sessionidle"
)

// Gateway sessions expire when idle and are capped per key and agent:
// a client that opens sessions without end
// neither grows the table of live sessions nor holds a run forever. An
// expired session is answered as an unknown one (404, "no such
// session"), which tells an MCP client to initialize again.

const (
	// DefaultGatewaySessionIdle is how long a gateway session lives
	// without a request (CONSOLE_GATEWAY_SESSION_IDLE).
	DefaultGatewaySessionIdle = time.Hour
	// DefaultGatewaySessionCap is how many live gateway sessions one
	// runtime key may hold per agent (CONSOLE_GATEWAY_SESSIONS).
	DefaultGatewaySessionCap = 100
	// touchShare: a session's last use is written again once it is older
	// than this share of the idle time, not on every request.
	touchShare = 8
)

// gatewayIdle is the configured idle expiry.
func (s *Server) gatewayIdle() time.Duration {
	if s.cfg.GatewaySessionIdle > 0 {
		return s.cfg.GatewaySessionIdle
	}
	return DefaultGatewaySessionIdle
}

// gatewayCap is the configured cap on live sessions per key and agent.
func (s *Server) gatewayCap() int {
	if s.cfg.GatewaySessionCap > 0 {
		return s.cfg.GatewaySessionCap
	}
	return DefaultGatewaySessionCap
}

// idleRule is the configured idle rule (sessionidle: a pure function of
// the times it is given).
func (s *Server) idleRule() sessionidle.Rule {
	return sessionidle.Rule{Idle: s.gatewayIdle(), TouchShare: touchShare}
}

// expiredSession answers a session idle past the expiry at now (true:
// answered), and keeps a session in use from expiring: a request that
// may run until busy after now (a tool call: the upstream timeout)
// records the session in use until then, at most once per share of the
// idle time, so it never expires during its own long call.
func (s *Server) expiredSession(c echo.Context, g *models.GatewaySession, now time.Time, busy time.Duration) (bool, error) {
	v, until := s.idleRule().Request(g.UpdatedAt, now, busy)
	switch v {
	case sessionidle.Expired:
		return true, mcpError(c, http.StatusNotFound, rpcNoSession, fmt.Sprintf("no such session: it expired after %s without a request; initialize a new one", s.gatewayIdle()))
	case sessionidle.Touch:
		if err := s.store.TouchGatewaySessionAt(c.Request().Context(), g.ID, until); err != nil {
			s.log.Warn("gateway session last use not recorded", "run", g.Run, "err", err)
		}
	}
	return false, nil
}

// sessionCapReached refuses an initialize of a key that holds the most
// live sessions of the agent it may (true: answered).
func (s *Server) sessionCapReached(c echo.Context, key *models.APIKey, agent string) (bool, error) {
	most := s.gatewayCap()
	n, err := s.store.LiveGatewaySessions(c.Request().Context(), key.ID, agent, s.idleRule().Cutoff(time.Now()))
	if err != nil {
		return true, err
	}
	if n < int64(most) {
		return false, nil
	}
	return true, s.sessionCapAnswer(c, agent)
}

// sessionCapAnswer is the 429 an initialize past its key's session cap
// gets (sessionCapReached, or models.ErrSessionCap when replicas raced).
func (s *Server) sessionCapAnswer(c echo.Context, agent string) error {
	return mcpError(c, http.StatusTooManyRequests, rpcInvalidRequest,
		fmt.Sprintf("this key holds %d live sessions of agent %s, the most it may: end one (DELETE with its Mcp-Session-Id) or wait until one has been idle %s", s.gatewayCap(), agent, s.gatewayIdle()))
}
