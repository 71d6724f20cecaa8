package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayApprovalHoldsForItsArguments: the approval
// request a gateway call files shows its reviewer the call's tool and
// arguments, and once approved — even for an hour — it lets a call with
// exactly those arguments run and no other: a call with other arguments
// files a request of its own (the upstream never called), presenting the
// approval for other arguments is refused, and arguments the tool's
// schema refuses are refused without asking anyone.
func TestGatewayApprovalHoldsForItsArguments(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		_, cs := approvalOnlyEcho(t, h, up.URL)
		ctx := context.Background()
		text, _ := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
		ref := approvalRef(t, text)
		a, err := h.store.ApprovalByRef(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		if a.ArgsDigest == "" || !strings.Contains(a.ArgsView, `"text": "hi"`) || strings.Contains(a.Summary, "no summary") || !strings.Contains(a.Summary, "demo.echo") {
			t.Fatalf("the request a reviewer decides: summary %q, arguments %q (digest %q)", a.Summary, a.ArgsView, a.ArgsDigest)
		}
		// the reviewer sees the arguments on the page and in the API
		c := h.login("admin", adminPassword)
		if _, doc := c.get("/approvals"); !strings.Contains(doc.Find(`[data-testid="approval-args-`+ref+`"]`).Text(), `"text": "hi"`) {
			t.Errorf("the Approvals page does not show the call's arguments")
		}
		if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Approve: true, Reason: "fine for an hour", Until: time.Now().Add(time.Hour)}, time.Now()); err != nil {
			t.Fatal(err)
		}
		other, _ := call(t, cs, "demo.echo", map[string]any{"text": "something else"}, nil)
		if ref2 := approvalRef(t, other); ref2 == ref || up.Calls("echo") != 0 {
			t.Fatalf("a call with other arguments: %s (upstream calls %d)", other, up.Calls("echo"))
		}
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr || text != "hi" || up.Calls("echo") != 1 {
			t.Fatalf("the approved call: %s (upstream calls %d)", text, up.Calls("echo"))
		}
		presented, _ := call(t, cs, "demo.echo", map[string]any{"text": "again"}, map[string]any{"approval": ref})
		if errType(presented) != authority.TypeApprovalRequired || up.Calls("echo") != 1 {
			t.Errorf("presenting the approval for other arguments: %s (upstream calls %d)", presented, up.Calls("echo"))
		}
		n, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals")
		bad, _ := call(t, cs, "demo.echo", map[string]any{"text": strings.Repeat("x", 101)}, nil)
		after, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals")
		if errType(bad) != authority.TypeInvalidArguments || after != n {
			t.Errorf("arguments the schema refuses: %s (requests %d, then %d)", bad, n, after)
		}
	})
}

// TestGatewayMalformedApprovalMeta: a _meta.approval the
// console cannot read is refused naming the field, nothing decided or
// run, never ignored as if the call presented none.
func TestGatewayMalformedApprovalMeta(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	for _, v := range []any{42, "", strings.Repeat("a", maxApprovalRef+1), map[string]any{"ref": "apr_x"}, nil} {
		text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, map[string]any{"approval": v})
		var e struct {
			Error struct {
				Type     string
				Problems []struct{ Pointer string }
			}
		}
		_ = json.Unmarshal([]byte(text), &e)
		if !isErr || e.Error.Type != authority.TypeInvalidArguments || len(e.Error.Problems) != 1 || e.Error.Problems[0].Pointer != "_meta.approval" {
			t.Errorf("_meta.approval %v: %s", v, text)
		}
	}
	if up.Calls("echo") != 0 {
		t.Errorf("a call with a malformed approval ran (%d upstream calls)", up.Calls("echo"))
	}
}

// TestGatewayApprovalRequestsAreCapped: a session filing
// approval requests with ever new arguments gets MaxPendingApprovalsPerRun
// of them; the next call is refused as a tool result saying the cap (no
// request filed, nothing run, no protocol error), and the API's request
// past an agent's cap is 429 naming the field.
func TestGatewayApprovalRequestsAreCapped(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f, cs := approvalOnlyEcho(t, h, up.URL)
	ctx := context.Background()
	for i := range models.MaxPendingApprovalsPerRun {
		text, _ := call(t, cs, "demo.echo", map[string]any{"text": fmt.Sprint("call ", i)}, nil)
		approvalRef(t, text)
	}
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "one more"}, nil)
	var e struct {
		Error struct{ Type, Message, Approval string }
	}
	_ = json.Unmarshal([]byte(text), &e)
	if !isErr || e.Error.Type != authority.TypeApprovalRequired || e.Error.Approval != "" || !strings.Contains(e.Error.Message, fmt.Sprintf("%d approval requests waiting", models.MaxPendingApprovalsPerRun)) {
		t.Errorf("a request past the run's cap: %s", text)
	}
	if n, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals"); n != models.MaxPendingApprovalsPerRun || up.Calls("echo") != 0 {
		t.Errorf("%d requests filed (cap %d), %d upstream calls", n, models.MaxPendingApprovalsPerRun, up.Calls("echo"))
	}
	// fill the agent's cap through the store (many subjects: each has a
	// cap of its own), then ask through the API
	for i := models.MaxPendingApprovalsPerRun; i < models.MaxPendingApprovalsPerAgent; i++ {
		if _, _, err := h.store.RequestApproval(ctx, "apikey", models.Approval{Agent: "helper", Subject: fmt.Sprint("s-", i), Tool: "demo.echo", Digest: "d", ArgsDigest: fmt.Sprint(i), Origin: models.OriginCheck}); err != nil {
			t.Fatal(err)
		}
	}
	res, body := h.api("POST", "/api/v1/approvals", f.key, map[string]any{"agent": "helper", "subject": map[string]any{"id": "sam", "groups": []string{"everyone"}}, "tool": "demo.echo", "summary": "one more"})
	if res.StatusCode != 429 || !strings.Contains(string(body), `"approval"`) || !strings.Contains(string(body), fmt.Sprint(models.MaxPendingApprovalsPerAgent)) {
		t.Errorf("an API request past the agent's cap: %d %s", res.StatusCode, body)
	}
}
