package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/views"
)

// TestChecksIntroAndDiffTotalsSayWhatTheyCover: the Checks page's intro
// named only POST /api/v1/authorize, though an MCP client's tool calls
// through the gateway are checked and counted there too; and a profile
// diff's token totals named no surface, though they are the runtime
// API's. The intro names the gateway's calls; the diff's totals name the
// reply protocol they are counted for, and where the MCP client's are.
func TestChecksIntroAndDiffTotalsSayWhatTheyCover(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/checks")
	intro := strings.Join(strings.Fields(doc.Find(`[data-testid="checks-intro"]`).Text()), " ")
	for _, want := range []string{"/api/v1/authorize", "gateway", "/mcp/", "tool call"} {
		if !strings.Contains(intro, want) {
			t.Errorf("the Checks intro does not say %q: %q", want, intro)
		}
	}
	_, diff := admin.get("/profiles/data-analyst/diff?a=1&b=2")
	head := strings.Join(strings.Fields(diff.Find(`[data-testid="diff-protocol"]`).Text()), " ")
	if !strings.Contains(head, views.ProtocolRuntimeAPI) || !strings.Contains(head, "forge") {
		t.Errorf("the diff's totals name no protocol, or not where the MCP client's are: %q", head)
	}
}
