package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestApprovalSummaryWithHiddenTextIsABadRequest: a summary holding a
// direction override, an isolate or another invisible character is
// refused as a control character is (400 naming summary), never answered
// "try again in a moment" (a runtime following that retries forever).
func TestApprovalSummaryWithHiddenTextIsABadRequest(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL}, false)
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "read-only"})
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	sam := map[string]any{"id": "sam", "groups": []string{authority.Everyone}}
	for _, s := range []string{"a\u202eb", "\u2066x\u2069", "pay\u200bnow", "a\x1bb", "ok\u3164"} {
		res, out := h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "summary": s})
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(out), "summary") {
			t.Errorf("summary %q: %d %s, want 400 naming summary", s, res.StatusCode, out)
		}
	}
}
