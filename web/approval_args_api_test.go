package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestRuntimeApprovalHoldsForItsArguments: an
// approval request filed by POST /api/v1/authorize or POST
// /api/v1/approvals with the call's arguments is bound to them, as the
// gateway's are: other arguments file another request, the reviewer sees
// them as sent (credential shapes masked), and once approved it lets a
// gateway call with exactly those arguments run and no other. A request
// made without arguments never lets a gateway call run (a gateway call
// always has arguments).
func TestRuntimeApprovalHoldsForItsArguments(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		const secret = "/srv/keys/sam-private.pem"
		f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Key-File": secret}}, false)
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "read-only"})
		h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
		ctx := context.Background()
		sam := map[string]any{"id": "sam", "groups": []string{authority.Everyone}}
		ask := func(args any) map[string]any {
			b := map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam}
			if args != nil {
				b["arguments"] = args
			}
			return b
		}
		named := func(args any) string {
			t.Helper()
			_, raw := h.api(http.MethodPost, "/api/v1/authorize", f.key, ask(args))
			var d struct {
				Error struct{ Type, Approval string }
			}
			_ = json.Unmarshal(raw, &d)
			if d.Error.Type != authority.TypeApprovalRequired || d.Error.Approval == "" {
				t.Fatalf("authorize with %v: %s", args, raw)
			}
			return d.Error.Approval
		}
		one := named(map[string]any{"text": "ONE"})
		if other := named(map[string]any{"text": "OTHER"}); other == one {
			t.Fatalf("other arguments named the same request %s", one)
		}
		if again := named(map[string]any{"text": "ONE"}); again != one {
			t.Errorf("the same arguments named another request: %s, then %s", one, again)
		}
		a, err := h.store.ApprovalByRef(ctx, one)
		if err != nil {
			t.Fatal(err)
		}
		if a.ArgsDigest == "" || !strings.Contains(a.ArgsView, `"text": "ONE"`) {
			t.Fatalf("the request a reviewer decides: arguments %q (digest %q)", a.ArgsView, a.ArgsDigest)
		}
		// a connection's secret repeated in the arguments is the caller's
		// own text: filed and shown as any other value (masking it would
		// tell the caller its guess is the secret)
		if d := h.authorize(f.key, ask(map[string]any{"text": "key at " + secret})); d.Error == nil || strings.Contains(d.Error.Message, "can never be approved") {
			t.Errorf("authorize with a connection's secret in the arguments: %+v", d)
		}
		c := h.login("admin", adminPassword)
		if _, doc := c.get("/approvals"); !strings.Contains(doc.Text(), "key at "+secret) {
			t.Errorf("the Approvals page does not show the arguments as sent")
		}
		// arguments the schema refuses are refused, nothing filed
		n, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals")
		if d := h.authorize(f.key, ask(map[string]any{"text": strings.Repeat("x", 101)})); d.Error == nil || d.Error.Type != authority.TypeInvalidArguments {
			t.Errorf("arguments the schema refuses: %+v", d)
		}
		if after, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals"); after != n {
			t.Errorf("a request was filed for arguments the schema refuses (%d, then %d)", n, after)
		}

		if _, err := h.store.DecideApproval(ctx, "admin", one, models.ApprovalDecision{Approve: true, Reason: "fine for an hour", Until: time.Now().Add(time.Hour)}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if d := h.authorize(f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "arguments": map[string]any{"text": "OTHER"}, "approval": one}); d.Decision != "deny" || !strings.Contains(d.HostReason, "other arguments") {
			t.Errorf("authorize presenting the approval with other arguments: %+v", d)
		}
		if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "OTHER"}, map[string]any{"approval": one}); errType(text) != authority.TypeApprovalRequired || up.Calls("echo") != 0 {
			t.Fatalf("a gateway call with other arguments: %s (upstream calls %d)", text, up.Calls("echo"))
		}
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "ONE"}, map[string]any{"approval": one}); isErr || text != "ONE" || up.Calls("echo") != 1 {
			t.Fatalf("the approved call: %s (upstream calls %d)", text, up.Calls("echo"))
		}

		// a request made without arguments holds for no gateway call
		res, out := h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "summary": "echo something"})
		var bare struct{ Approval, Arguments string }
		if res.StatusCode != http.StatusCreated || json.Unmarshal(out, &bare) != nil || bare.Arguments != "" {
			t.Fatalf("POST /api/v1/approvals without arguments: %d %s", res.StatusCode, out)
		}
		if _, err := h.store.DecideApproval(ctx, "admin", bare.Approval, models.ApprovalDecision{Approve: true, Reason: "ok", Until: time.Now().Add(time.Hour)}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "ANY"}, map[string]any{"approval": bare.Approval}); errType(text) != authority.TypeApprovalRequired || up.Calls("echo") != 1 {
			t.Fatalf("a gateway call presenting an approval made without arguments: %s (upstream calls %d)", text, up.Calls("echo"))
		}
		if d := h.authorize(f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "approval": bare.Approval}); d.Decision != "allow" {
			t.Errorf("a check without arguments presenting an approval made without them: %+v", d)
		}

		// POST /api/v1/approvals with arguments binds them
		res, out = h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "summary": "echo two", "arguments": map[string]any{"text": "TWO"}})
		var bound struct{ Approval, Arguments string }
		if res.StatusCode != http.StatusCreated || json.Unmarshal(out, &bound) != nil || !strings.Contains(bound.Arguments, `"text": "TWO"`) {
			t.Fatalf("POST /api/v1/approvals with arguments: %d %s", res.StatusCode, out)
		}
		// one pending request per call, across callers: the runtime asking
		// again gets the pending one (200), and so does the gateway's check
		var again struct{ Approval string }
		res, out = h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "summary": "echo two again", "arguments": map[string]any{"text": "TWO"}})
		if res.StatusCode != http.StatusOK || json.Unmarshal(out, &again) != nil || again.Approval != bound.Approval {
			t.Errorf("asking again for the same call: %d %s, want 200 naming %s", res.StatusCode, out, bound.Approval)
		}
		if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "TWO"}, nil); approvalRef(t, text) != bound.Approval {
			t.Errorf("the gateway asking for the call the runtime asked for: %s, want %s", text, bound.Approval)
		}
		if res, out := h.api(http.MethodPost, "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "summary": "x", "arguments": map[string]any{"text": 7}}); res.StatusCode != http.StatusBadRequest || !strings.Contains(string(out), "invalid_arguments") {
			t.Errorf("POST /api/v1/approvals with arguments the schema refuses: %d %s", res.StatusCode, out)
		}
	})
}
