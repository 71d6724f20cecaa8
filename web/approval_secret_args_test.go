package web

import (
	"encoding/json"
	"net/http"
	"strings"
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
	args := map[string]any{"text": secret}
	subject := map[string]any{"id": "sam", "groups": []string{"testers"}}
	never := func(what, msg, ref string) {
		t.Helper()
		if ref != "" || !strings.Contains(msg, "can never be approved") {
			t.Errorf("%s: %q (request %q), want a refusal saying the arguments can never be approved, naming no request", what, msg, ref)
		}
	}
	var g gwRefusal
	text, _ := call(t, cs, "demo.echo", args, nil)
	_ = json.Unmarshal([]byte(text), &g)
	never("the gateway", g.Error.Message, g.Error.Approval)
	var a struct{ Error authority.Error }
	_, out := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": subject, "arguments": args})
	_ = json.Unmarshal(out, &a)
	never("/authorize", a.Error.Message, a.Error.Approval)
	res, out := h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": subject, "arguments": args, "summary": "echo"})
	a.Error = authority.Error{}
	_ = json.Unmarshal(out, &a)
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("POST /approvals of a connection secret: %d, want 400", res.StatusCode)
	}
	never("POST /approvals", a.Error.Message, a.Error.Approval)
	if n := countApprovals(t, h, "demo.echo"); n != 0 || up.Calls("echo") != 0 {
		t.Fatalf("%d requests for arguments holding a connection secret, %d upstream calls", n, up.Calls("echo"))
	}
}
