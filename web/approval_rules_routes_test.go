package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestEveryRouteKeepsTheFilingRules: a call a reviewer denied, and a call
// whose arguments do not fit the reviewer's view, were answered as such
// by the gateway only; /authorize and POST /approvals filed new requests
// for both. Now all three answer alike (permission_denied naming the
// request and the reviewer's reason; a refusal saying the arguments can
// never be approved) and file nothing.
func TestEveryRouteKeepsTheFilingRules(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	h.changeGrants(t, "testers", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true},
		models.GrantSpec{Kind: authority.KindTool, Value: "demo.remember", RequiresApproval: true})
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "testers"})
	ctx := t.Context()
	hi := map[string]any{"text": "hi"}
	ref := approvalRef(t, func() string { s, _ := call(t, cs, "demo.echo", hi, nil); return s }())
	const reason = "names of people are not stored"
	if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Reason: reason}, time.Now()); err != nil {
		t.Fatal(err)
	}
	big := map[string]any{"key": "k", "fact": strings.Repeat("a long fact. ", authority.MaxArgumentsView/10)}
	subject := map[string]any{"id": "sam", "groups": []string{"testers"}}
	type answer struct {
		Decision string
		Error    authority.Error
	}
	read := func(what string, res *http.Response, out []byte) answer {
		t.Helper()
		var a answer
		if err := json.Unmarshal(out, &a); err != nil || res.StatusCode >= 500 {
			t.Fatalf("%s: %d %s", what, res.StatusCode, out)
		}
		return a
	}
	denied := func(what string, a answer) {
		t.Helper()
		if a.Error.Type != authority.TypePermissionDenied || a.Error.Approval != ref || !strings.Contains(a.Error.Message, reason) {
			t.Errorf("%s: %+v, want permission_denied naming %s and the reviewer's reason", what, a.Error, ref)
		}
	}
	unseeable := func(what string, a answer) {
		t.Helper()
		if a.Error.Approval != "" || !strings.Contains(a.Error.Message, "cannot be approved") {
			t.Errorf("%s: %+v, want a refusal saying the arguments cannot be approved, naming no request", what, a.Error)
		}
	}
	res, out := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": subject, "arguments": hi})
	denied("/authorize", read("/authorize", res, out))
	res, out = h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": subject, "arguments": hi, "summary": "say hi"})
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("POST /approvals of a denied call: %d, want 403", res.StatusCode)
	}
	denied("POST /approvals", read("POST /approvals", res, out))
	var g gwRefusal
	text, _ := call(t, cs, "demo.remember", big, nil)
	_ = json.Unmarshal([]byte(text), &g)
	unseeable("the gateway", answer{Error: authority.Error{Type: g.Error.Type, Message: g.Error.Message, Approval: g.Error.Approval}})
	res, out = h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.remember", "subject": subject, "arguments": big})
	unseeable("/authorize", read("/authorize", res, out))
	res, out = h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.remember", "subject": subject, "arguments": big, "summary": "say a lot"})
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("POST /approvals past the view: %d, want 400", res.StatusCode)
	}
	unseeable("POST /approvals", read("POST /approvals", res, out))
	if n := countApprovals(t, h, "demo.remember"); n != 0 {
		t.Errorf("%d requests for arguments nobody can see whole", n)
	}
	if n := countApprovals(t, h, "demo.echo"); n != 1 || up.Calls("echo") != 0 {
		t.Errorf("%d requests (want the denied one only), %d upstream calls", n, up.Calls("echo"))
	}
}
