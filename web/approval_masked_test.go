package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestMaskedArgumentsCannotBeApproved: a reviewer approved a payee shown
// to them as "[masked]" (the value read as a credential), and the call
// then ran with the hidden value. Nobody approves what they cannot see:
// on every route (gateway, /authorize, POST /approvals) such a call files
// no request and is told it can never be approved; a request filed before
// the rule shows why on the Approvals page, offers Deny only, and an
// approve posted anyway decides nothing.
func TestMaskedArgumentsCannotBeApproved(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	h.changeGrants(t, "testers", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.remember", RequiresApproval: true})
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "testers"})
	hidden := map[string]any{"key": "payee", "fact": "Bearer mallory-offshore-account-991"}
	refusedOnEveryRoute(t, h, f, cs, up, "demo.remember", hidden, "secret")

	ctx := t.Context()
	old, _, err := h.store.RequestApproval(ctx, "apikey", models.Approval{Agent: "analyst", Subject: "sam", Tool: "workspace_write", Digest: h.digestOf(t, "workspace_write"),
		ArgsDigest: "args", ArgsView: `{"to":"bob"}`, Origin: models.OriginCheck})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.Exec(ctx, "UPDATE approvals SET args_view = ?, args_hidden = ? WHERE ref = ?", `{"to": "[masked]"}`, true, old.Ref); err != nil {
		t.Fatal(err)
	}
	h.addUser("rita", models.RoleReviewer)
	rita := h.login("rita", "rita-password")
	_, doc := rita.get("/approvals")
	if doc.Find(`[data-testid="approval-masked-`+old.Ref+`"]`).Length() != 1 || doc.Find(`[data-testid="approve-`+old.Ref+`"]`).Length() != 0 {
		t.Fatalf("the page offers Approve for a masked argument value")
	}
	rita.post("/approvals/"+old.Ref+"/approve", url.Values{"reason": {"looks fine"}, "scope": {"once"}})
	if got, _ := h.store.ApprovalByRef(ctx, old.Ref); got.Status != authority.ApprovalPending {
		t.Fatalf("approved a masked argument value: %s", got.Status)
	}
	rita.post("/approvals/"+old.Ref+"/deny", url.Values{"reason": {"cannot see the payee"}})
	if got, _ := h.store.ApprovalByRef(ctx, old.Ref); got.Status != authority.ApprovalDenied {
		t.Fatalf("denying it: %s", got.Status)
	}
}

// refusedOnEveryRoute checks that a call of tool ("ns.name") with args,
// by subject sam of group testers, files no approval request and is told
// it can never be approved (the message naming each of also) on every
// route: the gateway, /authorize and POST /approvals (a 400); and that
// the upstream was never called.
func refusedOnEveryRoute(t *testing.T, h *harness, f *gwFixture, cs *mcp.ClientSession, up *upstreamtest.Server, tool string, args map[string]any, also ...string) {
	t.Helper()
	subject := map[string]any{"id": "sam", "groups": []string{"testers"}}
	never := func(what, msg, ref string) {
		t.Helper()
		ok := ref == "" && strings.Contains(msg, "can never be approved")
		for _, w := range also {
			ok = ok && strings.Contains(msg, w)
		}
		if !ok {
			t.Errorf("%s: %q (request %q), want a refusal saying the arguments can never be approved (naming %q), naming no request", what, msg, ref, also)
		}
	}
	var g gwRefusal
	text, _ := call(t, cs, tool, args, nil)
	_ = json.Unmarshal([]byte(text), &g)
	never("the gateway", g.Error.Message, g.Error.Approval)
	var a struct{ Error authority.Error }
	_, out := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": tool, "subject": subject, "arguments": args})
	_ = json.Unmarshal(out, &a)
	never("/authorize", a.Error.Message, a.Error.Approval)
	res, out := h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": tool, "subject": subject, "arguments": args, "summary": "run " + tool})
	a.Error = authority.Error{}
	_ = json.Unmarshal(out, &a)
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("POST /approvals of arguments that can never be approved: %d, want 400", res.StatusCode)
	}
	never("POST /approvals", a.Error.Message, a.Error.Approval)
	name := tool[strings.IndexByte(tool, '.')+1:]
	if n := countApprovals(t, h, tool); n != 0 || up.Calls(name) != 0 {
		t.Fatalf("%d requests for arguments that can never be approved, %d upstream calls", n, up.Calls(name))
	}
}
