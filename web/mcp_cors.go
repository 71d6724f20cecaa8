package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// The headers a browser page may send to the gateway and read from its
// answers (CORS): what an MCP client over streamable HTTP sends, the
// console's subject headers, and the session id and protocol version
// the gateway answers with.
const (
	gatewayCORSMethods = "GET, POST, DELETE"
	gatewayCORSHeaders = "Authorization, Content-Type, Accept, Last-Event-ID, Mcp-Session-Id, Mcp-Protocol-Version, X-Subject-Id, X-Subject-Groups"
	gatewayCORSExposed = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate"
)

// gatewayCORS lets a browser page of an origin the gateway serves (one
// the operator allows, or the console's own on this machine: the same
// rule that refuses every other Origin) use it: its preflight is answered
// with the methods and headers allowed, and every answer names the origin
// and exposes the session id, without which a page can read nothing. An
// origin not served gets no CORS header, so its browser refuses the page
// the answer; the gateway refuses its request itself too (403).
func (s *Server) gatewayCORS(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		origin := r.Header["Origin"]
		if len(origin) == 0 || !isGatewayPath(r.URL.Path) || !s.originAllowed(origin, r.Host) {
			return next(c)
		}
		h := c.Response().Header()
		h.Set("Access-Control-Allow-Origin", origin[0])
		h.Add("Vary", "Origin")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", gatewayCORSMethods)
			h.Set("Access-Control-Allow-Headers", gatewayCORSHeaders)
			h.Set("Access-Control-Max-Age", "600")
			return c.NoContent(http.StatusNoContent)
		}
		h.Set("Access-Control-Expose-Headers", gatewayCORSExposed)
		return next(c)
	}
}
