package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/views"
)

// TestTokenTotalsNameTheirProtocol: the profile and agent pages said
// 1,137 tokens and the forge 1,138 for the same version, because the
// forge counted the MCP client's reply protocol and the pages the runtime
// API's, and neither said so. Every page counts a version the same way
// for the same protocol, and every total names the protocol it is for.
func TestTokenTotalsNameTheirProtocol(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	text := func(doc interface{ Text() string }) string { return strings.Join(strings.Fields(doc.Text()), " ") }

	_, prof := admin.get("/profiles/data-analyst")
	profTotal := strings.TrimSpace(prof.Find(`[data-testid="version-total"]`).First().Text())
	if got := text(prof.Find(`[data-testid="version-protocol"]`).First()); got != views.ProtocolRuntimeAPI {
		t.Errorf("the profile page's total names no protocol: %q", got)
	}
	_, agent := admin.get("/agents/analyst")
	roster := agent.Find(`[data-testid="roster-data-analyst"]`)
	agentTotal := strings.TrimSpace(roster.Find(`[data-testid="agent-total-data-analyst"]`).Text())
	if !strings.Contains(text(roster), views.ProtocolRuntimeAPI) {
		t.Errorf("the agent page's total names no protocol: %q", text(roster))
	}
	_, forge := admin.get("/forge?agent=analyst&profile=data-analyst")
	forgeTotal := strings.TrimSpace(forge.Find(`[data-testid="total-total"]`).Text())
	if profTotal == "" || profTotal != agentTotal || profTotal != forgeTotal {
		t.Errorf("one version, three totals for the runtime API: profile %q, agent %q, forge %q", profTotal, agentTotal, forgeTotal)
	}
	if got := text(forge.Find(`[data-testid="totals-protocol"]`)); got != views.ProtocolRuntimeAPI {
		t.Errorf("the forge's totals name %q", got)
	}
	_, mcp := admin.get("/forge?agent=analyst&profile=data-analyst&host=mcp")
	if got := text(mcp.Find(`[data-testid="totals-protocol"]`)); got != views.ProtocolMCP {
		t.Errorf("the forge's MCP totals name %q", got)
	}
	if saved := text(mcp.Find(`[data-testid="compare"] tbody tr`).First()); !strings.Contains(saved, views.ProtocolMCP) {
		t.Errorf("the forge's saved row does not say it is counted for the MCP client: %q", saved)
	}
}
