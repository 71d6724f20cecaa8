package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestApprovalClosesTheLoop walks the approval story: a runtime
// asks for an approval-only tool → the check answers approval_required
// naming a request, and the runtime files its own with a summary → the
// request is on the Approvals page → the subject, a reviewer too, may
// not decide it for themselves → another reviewer approves it for one
// call → the runtime binds with the reference → the call is allowed
// once, the second is approval_required again; a denied request never
// opens the tool; a time-bound approval holds for several calls; an
// approval is scoped to its subject. Failed first: there was no approval
// to request, grant or present (404 on /api/v1/approvals).
func TestApprovalClosesTheLoop(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		ask := func(extra map[string]any) map[string]any {
			b := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("rita2")}
			for k, v := range extra {
				b[k] = v
			}
			return b
		}
		type apr struct {
			Approval, Status, Summary string
			Used                      bool
		}
		// the check names a request
		d := h.authorize(key, ask(nil))
		if d.Error == nil || d.Error.Type != authority.TypeApprovalRequired {
			t.Fatalf("approval-only tool: %+v", d)
		}
		_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, ask(nil))
		var named struct{ Error struct{ Approval string } }
		_ = json.Unmarshal(raw, &named)
		if !strings.HasPrefix(named.Error.Approval, models.ApprovalPrefix) {
			t.Fatalf("approval_required names no request: %s", raw)
		}
		_, raw2 := h.api(http.MethodPost, "/api/v1/authorize", key, ask(nil))
		if !strings.Contains(string(raw2), named.Error.Approval) {
			t.Errorf("a second check made another request instead of naming the pending one: %s", raw2)
		}
		// the runtime asks for the same call, with a summary: one pending
		// request per call, so it is the one the check named (200), and the
		// reviewer reads the runtime's summary
		res, out := h.api(http.MethodPost, "/api/v1/approvals", key, ask(map[string]any{"summary": "Write the quarterly report to reports/q3.md"}))
		var a apr
		if res.StatusCode != http.StatusOK || json.Unmarshal(out, &a) != nil || a.Status != "pending" || a.Approval != named.Error.Approval || a.Summary != "Write the quarterly report to reports/q3.md" {
			t.Fatalf("POST /api/v1/approvals for the call the check named: %d %s (want 200 naming %s with the runtime's summary)", res.StatusCode, out, named.Error.Approval)
		}
		for _, bad := range []map[string]any{ask(map[string]any{"summary": ""}), ask(map[string]any{"summary": strings.Repeat("x", 1001)})} {
			if res, out := h.api(http.MethodPost, "/api/v1/approvals", key, bad); res.StatusCode != 400 || !strings.Contains(string(out), "summary") {
				t.Errorf("a bad summary: %d %s", res.StatusCode, out)
			}
		}
		if res, out := h.api(http.MethodPost, "/api/v1/approvals", key, map[string]any{"agent": "analyst", "tool": "read_spreadsheet", "subject": contractor("rita2"), "summary": "read"}); res.StatusCode != http.StatusConflict {
			t.Errorf("an approval for a tool that needs none: %d %s", res.StatusCode, out)
		}
		// presenting a pending request changes nothing
		if d := h.authorize(key, ask(map[string]any{"approval": a.Approval})); d.Decision != "deny" || !strings.Contains(d.HostReason, "pending") {
			t.Errorf("a pending approval: %+v", d)
		}

		// the Approvals page: the subject (a reviewer) may not decide it
		h.addUser("rita2", models.RoleReviewer)
		h.addUser("rita", models.RoleReviewer)
		self := h.login("rita2", "rita2-password")
		_, doc := self.get("/approvals")
		if doc.Find(`[data-testid="approval-own-`+a.Approval+`"]`).Length() != 1 {
			t.Errorf("the subject's own request offers no 'made for you' note")
		}
		self.post("/approvals/"+a.Approval+"/approve", url.Values{"reason": {"mine"}})
		if got, _ := h.store.ApprovalByRef(ctx, a.Approval); got.Status != "pending" {
			t.Fatalf("the subject approved their own request: %s", got.Status)
		}
		rita := h.login("rita", "rita-password")
		res, doc = rita.get("/approvals")
		row := doc.Find(`[data-testid="approval-` + a.Approval + `"]`).Text()
		if res.StatusCode != 200 || !strings.Contains(row, "quarterly report") || !strings.Contains(row, "pending") {
			t.Fatalf("the Approvals page: %d %s", res.StatusCode, row)
		}
		if res, _ := rita.post("/approvals/"+a.Approval+"/approve", url.Values{"reason": {""}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve without a reason: %d", res.StatusCode)
		}
		if got, _ := h.store.ApprovalByRef(ctx, a.Approval); got.Status != "pending" {
			t.Fatalf("approved without a reason")
		}
		rita.post("/approvals/"+a.Approval+"/approve", url.Values{"reason": {"quarterly report, checked the path"}, "scope": {"once"}})
		_, doc = rita.get("/approvals")
		if st := doc.Find(`[data-testid="approval-state-` + a.Approval + `"]`).Text(); !strings.Contains(st, "approved") || !strings.Contains(st, "single-use") || !strings.Contains(st, "by rita") {
			t.Fatalf("after approving: %s", strings.Join(strings.Fields(st), " "))
		}

		// another subject cannot use it
		if d := h.authorize(key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u9"), "approval": a.Approval}); d.Decision != "deny" || !strings.Contains(d.HostReason, "issued for") {
			t.Errorf("another subject's use: %+v", d)
		}
		// the runtime binds with the reference; the call is allowed once
		hd := h.bind(key, ask(map[string]any{"approval": a.Approval, "ttl_seconds": 600}))
		if d := h.authorize(key, ask(map[string]any{"binding": hd})); d.Decision != "allow" {
			t.Fatalf("the call with the approved binding: %+v", d)
		}
		if d := h.authorize(key, ask(map[string]any{"binding": hd})); d.Decision != "deny" || d.Error.Type != authority.TypeApprovalRequired || !strings.Contains(d.HostReason, "already used") {
			t.Fatalf("the second call on a single-use approval: %+v", d)
		}
		// the Checks page re-judges the binding's approval: spent, it is not shown as valid
		bs, err := h.store.LiveBindings(ctx, models.BindingFilter{Tool: "workspace_write"}, time.Now(), 100)
		if err != nil {
			t.Fatal(err)
		}
		var bound *models.Binding
		for i := range bs {
			if bs[i].ApprovalRef == a.Approval {
				bound = &bs[i]
			}
		}
		if bound == nil {
			t.Fatalf("no live binding pins %s", a.Approval)
		}
		_, doc = rita.get("/checks")
		if st := strings.Join(strings.Fields(doc.Find(fmt.Sprintf(`[data-testid="binding-state-%d"]`, bound.ID)).Text()), " "); !strings.Contains(st, authority.TypeApprovalRequired) || !strings.Contains(st, "already used") {
			t.Errorf("the Checks page shows a binding whose single-use approval is spent as: %q", st)
		}
		res, out = h.api(http.MethodGet, "/api/v1/approvals/"+a.Approval, key, nil)
		if json.Unmarshal(out, &a); res.StatusCode != 200 || !a.Used {
			t.Errorf("GET the approval after its use: %d %s", res.StatusCode, out)
		}

		// time-bound: several calls
		_, out = h.api(http.MethodPost, "/api/v1/approvals", key, ask(map[string]any{"summary": "Write notes during the meeting"}))
		var tb apr
		_ = json.Unmarshal(out, &tb)
		rita.post("/approvals/"+tb.Approval+"/approve", url.Values{"reason": {"meeting notes"}, "scope": {"minutes"}, "minutes": {"30"}})
		for i := 0; i < 3; i++ {
			if d := h.authorize(key, ask(map[string]any{"approval": tb.Approval})); d.Decision != "allow" {
				t.Fatalf("time-bound call %d: %+v", i, d)
			}
		}
		// withdrawn: a binding that pinned it is revoked for good, the approval allows no call
		tbh := h.bind(key, ask(map[string]any{"approval": tb.Approval, "ttl_seconds": 600}))
		if d := h.authorize(key, ask(map[string]any{"binding": tbh})); d.Decision != "allow" {
			t.Fatalf("the binding on the time-bound approval: %+v", d)
		}
		// the calls a binding serves carry arguments: the approval it pinned
		// (made without them, as binding takes none) holds for them; presented
		// directly with arguments, it does not
		withArgs := map[string]any{"path": "notes/meeting.md", "content": "agenda"}
		if d := h.authorize(key, ask(map[string]any{"binding": tbh, "arguments": withArgs})); d.Decision != "allow" {
			t.Fatalf("a call with arguments on the binding: %+v (%s)", d, d.HostReason)
		}
		if d := h.authorize(key, ask(map[string]any{"approval": tb.Approval, "arguments": withArgs})); d.Decision != "deny" || d.Error.Type != authority.TypeApprovalRequired {
			t.Fatalf("the approval made without arguments, presented directly with arguments: %+v", d)
		}
		// denied: never opens the tool (last: a denial answers the same
		// call for models.DenialHolds, so no new request is filed for it)
		_, out = h.api(http.MethodPost, "/api/v1/approvals", key, ask(map[string]any{"summary": "Delete the drafts folder"}))
		var den apr
		_ = json.Unmarshal(out, &den)
		rita.post("/approvals/"+den.Approval+"/deny", url.Values{"reason": {"drafts are kept"}})
		if d := h.authorize(key, ask(map[string]any{"approval": den.Approval})); d.Decision != "deny" || !strings.Contains(d.HostReason, "denied by rita: drafts are kept") {
			t.Errorf("a denied approval: %+v", d)
		}
		if res, _ := rita.post("/approvals/"+tb.Approval+"/withdraw", url.Values{"reason": {""}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("withdraw without a reason: %d", res.StatusCode)
		}
		if got, _ := h.store.ApprovalByRef(ctx, tb.Approval); got.Status != authority.ApprovalApproved {
			t.Fatalf("withdrawn without a reason: %s", got.Status)
		}
		rita.post("/approvals/"+tb.Approval+"/withdraw", url.Values{"reason": {"the meeting was cancelled"}})
		if d := h.authorize(key, ask(map[string]any{"binding": tbh})); d.Decision != "deny" || d.Error.Type != authority.TypeRevoked || !strings.Contains(d.HostReason, "withdrawn by rita: the meeting was cancelled") {
			t.Fatalf("the binding after its approval was withdrawn: %+v", d)
		}
		if d := h.authorize(key, ask(map[string]any{"approval": tb.Approval})); d.Decision != "deny" || d.Error.Type != authority.TypeApprovalRequired || !strings.Contains(d.HostReason, "withdrawn by rita") {
			t.Fatalf("presenting a withdrawn approval: %+v", d)
		}
		var rec *models.Binding
		if bs, err := h.store.LiveBindings(ctx, models.BindingFilter{Tool: "workspace_write"}, time.Now(), 100); err == nil {
			for i := range bs {
				if bs[i].ApprovalRef == tb.Approval {
					rec = &bs[i]
				}
			}
		}
		if rec == nil || rec.Invalidation() == nil || rec.Invalidation().Type != authority.TypeRevoked {
			t.Fatalf("the revocation is not recorded on the binding: %+v", rec)
		}
		_, doc = rita.get("/approvals")
		if st := doc.Find(`[data-testid="approval-withdrawn-` + tb.Approval + `"]`).Text(); !strings.Contains(st, "withdrawn by rita: the meeting was cancelled") {
			t.Errorf("the Approvals page after withdrawing: %q", st)
		}
		if doc.Find(`[data-testid="withdraw-`+tb.Approval+`"]`).Length() != 0 || doc.Find(`[data-testid="withdraw-`+a.Approval+`"]`).Length() != 0 {
			t.Errorf("a withdrawn or spent approval still offers Withdraw")
		}
		if got, _ := h.store.ApprovalByRef(ctx, tb.Approval); got.WithdrawnBy != "rita" {
			t.Errorf("withdrawn by %q", got.WithdrawnBy)
		}
		// the check's request and the runtime's for the same call are one
		// request, with the runtime's summary recorded on it
		for action, n := range map[string]int{"approval.request": 3, "approval.summary": 1, "approval.approve": 2, "approval.deny": 1, "approval.use": 1, "approval.withdraw": 1} {
			if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: action}); len(evs) != n {
				t.Errorf("%d %s audit events, want %d", len(evs), action, n)
			}
		}
	})
}

// TestAnExpiredApprovalSaysSo: a time-bound approval whose window has
// passed is refused by the check (approval_required, 'expired at' for the
// host), reported expired by GET /api/v1/approvals/{approval} and shown
// expired on the Approvals page.
func TestAnExpiredApprovalSaysSo(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	key := h.runtimeKey()
	who := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("c-e")}
	res, out := h.api(http.MethodPost, "/api/v1/approvals", key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("c-e"), "summary": "write the notes"})
	var a struct{ Approval string }
	if err := json.Unmarshal(out, &a); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("request: %d %s", res.StatusCode, out)
	}
	// decided two hours ago for one hour
	then := time.Now().Add(-2 * time.Hour)
	if _, err := h.store.DecideApproval(ctx, "admin", a.Approval, models.ApprovalDecision{Approve: true, Reason: "an hour", Until: then.Add(time.Hour)}, then); err != nil {
		t.Fatal(err)
	}
	who["approval"] = a.Approval
	if d := h.authorize(key, who); d.Error == nil || d.Error.Type != authority.TypeApprovalRequired || !strings.Contains(d.HostReason, "expired at") {
		t.Errorf("an expired approval presented: %+v", d)
	}
	_, out = h.api(http.MethodGet, "/api/v1/approvals/"+a.Approval, key, nil)
	var got struct {
		Status  string
		Expired bool
	}
	if err := json.Unmarshal(out, &got); err != nil || got.Status != authority.ApprovalApproved || !got.Expired {
		t.Errorf("GET the approval: %s", out)
	}
	_, doc := h.login("admin", adminPassword).get("/approvals")
	if st := doc.Find(`[data-testid="approval-state-` + a.Approval + `"]`).Text(); !strings.Contains(st, "expired") {
		t.Errorf("the Approvals page's state: %q", st)
	}
}
