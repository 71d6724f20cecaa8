package web

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGatewayApprovals: a tool granted only with approval is refused with
// approval_required naming an approval request (the upstream not called);
// once a reviewer approves it for one use, the call that presents it as
// _meta.approval runs, and presenting it again is refused.
func TestGatewayApprovals(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	_, cs := approvalOnlyEcho(t, h, up.URL)
	ctx := context.Background()
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	if !isErr || up.Calls("echo") != 0 {
		t.Fatalf("an approval-only call: %s (upstream calls %d)", text, up.Calls("echo"))
	}
	ref := approvalRef(t, text)
	if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	meta := map[string]any{"approval": ref}
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, meta); isErr || text != "hi" {
		t.Errorf("the approved call: %s", text)
	}
	if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "again"}, meta); errType(text) != authority.TypeApprovalRequired || up.Calls("echo") != 1 {
		t.Errorf("a spent approval: %s (upstream calls %d)", text, up.Calls("echo"))
	}
}

// TestGatewayApprovalRoundTrips: an approval-only call reads the run's
// approval request (models.RunApproval) once and uses what it read — a
// pending one is named again without asking for it a second time, an approved one is
// presented without reading it again — so a call waiting for a reviewer
// costs the session read, that one read and the evidence.
func TestGatewayApprovalRoundTrips(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f, cs := approvalOnlyEcho(t, h, up.URL)
	ctx := context.Background()
	args := map[string]any{"text": "hi"}
	ref := func(text string) string { return approvalRef(t, text) }
	first, _ := call(t, cs, "demo.echo", args, nil)
	toolNames(t, cs) // the connections, read
	var n atomic.Int64
	f.countRequests(&n)
	measure := func() (string, int64) {
		// the connections are cached for connCacheTTL: measure within it
		if cur := h.app.gw.conns.cur.Load(); cur != nil {
			sn := *cur
			sn.at = time.Now()
			h.app.gw.conns.cur.Store(&sn)
		}
		h.app.gw.evidence.flush() // nothing queued joins this call's batch
		n.Store(0)
		text, _ := call(t, cs, "demo.echo", args, nil)
		return text, n.Load()
	}
	text, pending := measure()
	if ref(text) != ref(first) {
		t.Fatalf("a second call named another request: %s, then %s", first, text)
	}
	if _, err := h.store.DecideApproval(ctx, "admin", ref(first), models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	text, approved := measure()
	if text != "hi" || up.Calls("echo") != 1 {
		t.Fatalf("the approved call: %s (upstream calls %d)", text, up.Calls("echo"))
	}
	t.Logf("pending: %d statements, approved: %d", pending, approved)
	// pending: the session, the run's approval, the evidence; approved:
	// the session, the run's approval, spending it, its audit (the chain's
	// last row, the new one), the evidence
	if pending != 3 || approved != 6 {
		t.Errorf("an approval-only call made %d statements while pending (want 3), %d once approved (want 6)", pending, approved)
	}
}

// TestGatewayApprovalDuplicates: two concurrent first calls may each
// file a request for the same run and tool. The request a refusal names
// is then the one the store reuses (RequestApproval, the oldest pending),
// and whichever of the two a reviewer approves, the next call presents.
func TestGatewayApprovalDuplicates(t *testing.T) {
	for _, approveNewer := range []bool{false, true} {
		h := sqliteOnly(t)
		up := upstreamtest.New()
		_, cs := approvalOnlyEcho(t, h, up.URL)
		ctx := context.Background()
		args := map[string]any{"text": "hi"}
		ref := func(text string) string { return approvalRef(t, text) }
		first, _ := call(t, cs, "demo.echo", args, nil)
		older, err := h.store.ApprovalByRef(ctx, ref(first))
		if err != nil {
			t.Fatal(err)
		}
		// the second concurrent call's request, filed beside the first
		newer := models.ApprovalPrefix + "duplicate0000000000000000"
		if err := h.store.Exec(ctx, `INSERT INTO approvals (ref, status, agent, subject, groups_json, profile, tool, digest, args_digest, args_view, summary, origin, run, requested_by, created_at, single_use)
			SELECT ?, status, agent, subject, groups_json, profile, tool, digest, args_digest, args_view, summary, origin, run, requested_by, created_at, single_use FROM approvals WHERE ref = ?`, newer, older.Ref); err != nil {
			t.Fatal(err)
		}
		text, _ := call(t, cs, "demo.echo", args, nil)
		reused, _, err := h.store.RequestApproval(ctx, "apikey", models.Approval{Agent: older.Agent, Subject: older.Subject, GroupsJSON: older.GroupsJSON, Profile: older.Profile, Tool: older.Tool, Digest: older.Digest, ArgsDigest: older.ArgsDigest, Origin: models.OriginCheck, Run: older.Run})
		if err != nil {
			t.Fatal(err)
		}
		if ref(text) != reused.Ref {
			t.Errorf("the refusal names %s, the store reuses %s (of %s and %s)", ref(text), reused.Ref, older.Ref, newer)
		}
		approve := older.Ref
		if approveNewer {
			approve = newer
		}
		if _, err := h.store.DecideApproval(ctx, "admin", approve, models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if text, _ := call(t, cs, "demo.echo", args, nil); text != "hi" || up.Calls("echo") != 1 {
			t.Errorf("approving %s (newer %v): the next call %s (upstream calls %d)", approve, approveNewer, text, up.Calls("echo"))
		}
		up.Close()
	}
}

// approvalOnlyEcho is a gateway session of sam (group everyone) on the
// upstream at url, where read-only tools are granted and demo.echo only
// with an approval.
func approvalOnlyEcho(t *testing.T, h *harness, url string) (*gwFixture, *mcp.ClientSession) {
	t.Helper()
	f := h.gatewayFixture("demo", url, false)
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "read-only"})
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
	return f, cs
}

// approvalRef is the approval request an approval_required refusal names;
// any other text fails the test.
func approvalRef(t *testing.T, text string) string {
	t.Helper()
	var e struct {
		Error struct{ Type, Approval string }
	}
	_ = json.Unmarshal([]byte(text), &e)
	if e.Error.Type != authority.TypeApprovalRequired || e.Error.Approval == "" {
		t.Fatalf("not an approval_required naming a request: %s", text)
	}
	return e.Error.Approval
}
