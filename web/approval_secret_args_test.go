package web

import (
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionSecretArgumentsCannotBeApproved: a connection's own
// secret (a header value) sent as an argument is written "[secret]" in the
// reviewer's view, so the reviewer cannot see what the call would send: on
// every route (gateway, /authorize, POST /approvals) no request is filed
// and the call is told it can never be approved.
func TestConnectionSecretArgumentsCannotBeApproved(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	const secret = "sunshine42-db-password"
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Db-Password": secret}}, false)
	h.changeGrants(t, "testers", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "testers"})
	refusedOnEveryRoute(t, h, f, cs, up, "demo.echo", map[string]any{"text": secret})
}
