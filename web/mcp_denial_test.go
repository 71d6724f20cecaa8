package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// gwRefusal is the error of a gateway refusal's text.
type gwRefusal struct {
	Error struct {
		Type, Message, Approval string
		NextActions             []string `json:"next_actions"`
	}
}

// refusalOf calls name with args and meta on cs and reads the refusal.
func refusalOf(t *testing.T, cs *mcp.ClientSession, name string, args any, meta map[string]any) gwRefusal {
	t.Helper()
	text, isErr := call(t, cs, name, args, meta)
	var r gwRefusal
	if err := json.Unmarshal([]byte(text), &r); err != nil || !isErr {
		t.Fatalf("want a refusal, got %s (isError %v)", text, isErr)
	}
	return r
}

// countApprovals counts the approval requests for tool.
func countApprovals(t *testing.T, h *harness, tool string) int {
	t.Helper()
	all, err := h.store.Approvals(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range all {
		if a.Tool == tool {
			n++
		}
	}
	return n
}

// TestADenialReachesTheClient: after a reviewer denied a
// call, the same call (same subject, tool, digest and arguments) was told
// "waiting for a reviewer" and filed a fresh request, in the same session,
// presenting the denied reference, or in a new session. Now it is answered
// as denied, naming the request and the reviewer's reason, files nothing,
// and never runs; other arguments still ask anew, and a denial older than
// models.DenialHolds no longer answers.
func TestADenialReachesTheClient(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	h.changeGrants(t, "testers", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	subject := map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "testers"}
	cs, err := f.connectAt(t, "", subject)
	if err != nil {
		t.Fatal(err)
	}
	hi := map[string]any{"text": "hi"}
	first := refusalOf(t, cs, "demo.echo", hi, nil)
	if first.Error.Type != authority.TypeApprovalRequired || first.Error.Approval == "" {
		t.Fatalf("first call: %+v", first.Error)
	}
	const reason = "names of people are not stored"
	if _, err := h.store.DecideApproval(ctx, "admin", first.Error.Approval, models.ApprovalDecision{Reason: reason}, time.Now()); err != nil {
		t.Fatal(err)
	}
	denied := func(what string, r gwRefusal) {
		t.Helper()
		if r.Error.Type != authority.TypePermissionDenied || r.Error.Approval != first.Error.Approval ||
			!strings.Contains(r.Error.Message, reason) || !strings.Contains(r.Error.Message, "denied") || strings.Contains(r.Error.Message, "waiting") {
			t.Errorf("%s: %+v, want permission_denied naming %s and the reviewer's reason", what, r.Error, first.Error.Approval)
		}
		for _, a := range r.Error.NextActions {
			if a == authority.ActRequestApproval {
				t.Errorf("%s: a denied call is told to request approval again: %v", what, r.Error.NextActions)
			}
		}
	}
	denied("the same session", refusalOf(t, cs, "demo.echo", hi, nil))
	denied("presenting the denied request", refusalOf(t, cs, "demo.echo", hi, map[string]any{"approval": first.Error.Approval}))
	other, err := f.connectAt(t, "", subject)
	if err != nil {
		t.Fatal(err)
	}
	denied("a new session", refusalOf(t, other, "demo.echo", hi, nil))
	if n := countApprovals(t, h, "demo.echo"); n != 1 || up.Calls("echo") != 0 {
		t.Fatalf("after the denial: %d requests (want the denied one only), %d upstream calls", n, up.Calls("echo"))
	}
	// other arguments are another call: it asks anew
	r := refusalOf(t, cs, "demo.echo", map[string]any{"text": "other"}, nil)
	if r.Error.Type != authority.TypeApprovalRequired || r.Error.Approval == "" || r.Error.Approval == first.Error.Approval {
		t.Fatalf("other arguments: %+v", r.Error)
	}
	// a denial decided longer ago than DenialHolds no longer answers
	old := refusalOf(t, cs, "demo.echo", map[string]any{"text": "old"}, nil)
	if _, err := h.store.DecideApproval(ctx, "admin", old.Error.Approval, models.ApprovalDecision{Reason: "not then"}, time.Now().Add(-models.DenialHolds-time.Minute)); err != nil {
		t.Fatal(err)
	}
	again := refusalOf(t, cs, "demo.echo", map[string]any{"text": "old"}, nil)
	if again.Error.Type != authority.TypeApprovalRequired || again.Error.Approval == "" || again.Error.Approval == old.Error.Approval {
		t.Fatalf("after an old denial: %+v, want a new request", again.Error)
	}
}

// TestARequestNobodyCanApproveSaysSo: a call whose arguments
// do not fit the reviewer's view (authority.ViewIsCut) was told "waiting
// for a reviewer … call again once it is approved", though the request
// can never be approved. Now it is refused saying so, and files nothing.
func TestARequestNobodyCanApproveSaysSo(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	h.changeGrants(t, "testers", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.remember", RequiresApproval: true})
	cs, err := f.connectAt(t, "", map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "testers"})
	if err != nil {
		t.Fatal(err)
	}
	big := map[string]any{"key": "k", "fact": strings.Repeat("a long fact. ", authority.MaxArgumentsView/10)}
	for _, what := range []string{"first", "again"} {
		r := refusalOf(t, cs, "demo.remember", big, nil)
		if r.Error.Type != authority.TypeApprovalRequired || r.Error.Approval != "" || strings.Contains(r.Error.Message, "waiting") ||
			!strings.Contains(r.Error.Message, "cannot be approved") || !strings.Contains(r.Error.Message, "16384") {
			t.Errorf("%s: %+v, want approval_required saying no approval can be made (over 16384 bytes), naming no request", what, r.Error)
		}
	}
	if n := countApprovals(t, h, "demo.remember"); n != 0 || up.Calls("remember") != 0 {
		t.Fatalf("%d requests filed, %d upstream calls; want none", n, up.Calls("remember"))
	}
}
