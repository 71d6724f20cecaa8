package web

import (
	"context"
	"fmt"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
)

// mcpUnservedNote is what the agent's page and the forge say when the
// gateway would serve the agent no tool because none it declares is
// served by a connection (its tools are all built-ins, or of services
// no connection serves): "" when one is served, or it declares none.
// The gateway's initialize and log say the same (noToolsNotServed).
func (s *Server) mcpUnservedNote(ctx context.Context, ac runtime.AgentContext, snap *Snapshot) string {
	if ac.Agent == nil {
		return ""
	}
	declared := declaredOf(ac, snap)
	if len(declared) == 0 {
		return ""
	}
	served, err := s.gw.conns.served(ctx, s)
	if err != nil {
		s.log.Warn("the namespaces connections serve could not be read", "err", err)
		return ""
	}
	for _, e := range declared {
		if gatewayServes(served, e.Contract()) {
			return ""
		}
	}
	return fmt.Sprintf("Over MCP (/mcp/%s) this agent is served no tool: none of its %s is served by an MCP connection. Built-in tools are run by the agent's own runtime (the runtime API), never over MCP; to serve tools to an MCP client, connect the MCP server that serves them (Connections), have its tools reviewed and declare them here.",
		ac.Agent.Slug, plural.Count(len(declared), "tool"))
}
