package web

import (
	"net/http"
	"strings"

	"github.com/agentforge/console/web/upstream"
	"github.com/labstack/echo/v4"
)

// refuseOwnLoop refuses a gateway request sent by this console's own
// upstream pool or another replica's (it carries the deployment's loop
// marker): a connection
// whose URL reaches the console's own gateway, under whatever name,
// would call itself in a loop. It runs before the key is checked, so
// the connection's probe is told why, naming --url, not "unauthorized".
func (s *Server) refuseOwnLoop(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if strings.HasPrefix(c.Request().URL.Path, "/mcp/") && s.gw.pool.Marked(c.Request().Header) {
			s.gw.pool.RefuseLoop(c.Response().Header())
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, upstream.OwnGatewayMessage)
		}
		return next(c)
	}
}
