package web

import (
	"context"
	"fmt"

	"github.com/labstack/echo/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// typeConnectionPaused is the one refusal of a call of a paused
// connection: the same text for every such call, whoever calls.
const typeConnectionPaused = "connection_paused"

// pausedMessage is that refusal's text.
const pausedMessage = "This connection is paused by the console's admins; nothing was run. Tell the user."

// pausedCall refuses call when its connection is paused
// (models.PausedConnections, read with the connections: a pause or a
// resume on this replica is seen at once, on another within
// connCacheTTL): the first answer of a connection that held a console
// secret no caller sent (exposure) pauses it for every caller until an
// admin resumes it, so an answer withheld for holding a secret tells a
// caller at most one thing per admin action, not one per call. A pause
// that cannot be read refuses the call too (nothing runs).
func (g *gateway) pausedCall(ctx context.Context, call *allowedCall, ev *models.RunEvent) *mcp.CallToolResult {
	sn, err := g.conns.snapshot(ctx, g.s)
	if err != nil {
		ev.CallStatus = "unavailable"
		return gwError(typeUnavailableEnv, fmt.Sprintf("The console could not check %s now; nothing was run.", call.tool.ID), authority.ActRetryLater, authority.ActStop)
	}
	if !sn.paused[call.spec.Name] {
		return nil
	}
	ev.CallStatus = "refused"
	return gwError(typeConnectionPaused, pausedMessage, authority.ActStop)
}

// resumeConnection is POST /connections/:name/resume (admins): a
// connection paused for an exposure serves calls again, audited
// connection.resume.
func (s *Server) resumeConnection(c echo.Context) error {
	name := c.Param("name")
	if err := s.store.ResumeConnection(c.Request().Context(), userName(c), name); err != nil {
		return err
	}
	if s.gw != nil {
		s.gw.conns.forget()
	}
	return s.flashAndRedirect(c, "Connection "+name+" resumed: its calls go to its server again.", "/connections")
}
