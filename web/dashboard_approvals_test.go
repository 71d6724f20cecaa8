package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// TestDashboardListsApprovalRequestsTheViewerMayDecide: a reviewer's
// dashboard counted skill proposals only; the gateway's approval requests
// waiting for a decision were on the Approvals page alone. Now a viewer
// who may decide requests sees how many wait for them and each one,
// linked to its row on the Approvals page: not a request made for them
// (another reviewer decides it), nor a decided one; one they may only
// deny (its tool changed since it was filed, or a runtime key they
// created asked for it) says so. A viewer who may decide none sees none.
func TestDashboardListsApprovalRequestsTheViewerMayDecide(t *testing.T) {
	h := sqliteOnly(t)
	f := waitingApprovalsFixture(t, h)
	forSam, forRita, stale, bobs, denied := f.forSam, f.forRita, f.stale, f.bobs, f.denied
	type want struct {
		listed  []*models.Approval
		denyOne []*models.Approval
	}
	for _, c := range []struct {
		user string
		want want
	}{
		{"rita", want{listed: []*models.Approval{forSam, stale, bobs}, denyOne: []*models.Approval{stale}}},
		{"bob", want{listed: []*models.Approval{forSam, forRita, stale, bobs}, denyOne: []*models.Approval{stale, bobs}}},
	} {
		cl := h.login(c.user, c.user+"-password")
		res, doc := cl.get("/")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: GET / = %d", c.user, res.StatusCode)
		}
		if got := strings.TrimSpace(doc.Find(`[data-testid="approvals-waiting"]`).Text()); got != views.Num(len(c.want.listed)) {
			t.Errorf("%s: approval requests waiting = %q, want %d", c.user, got, len(c.want.listed))
		}
		items := doc.Find(`[data-testid="approval-waiting-item"]`)
		if items.Length() != len(c.want.listed) {
			t.Errorf("%s: %d approval requests listed, want %d:\n%s", c.user, items.Length(), len(c.want.listed), items.Text())
		}
		for _, a := range c.want.listed {
			link := doc.Find(`[data-testid="approval-waiting-item"] a[href="/approvals#approval-` + a.Ref + `"]`)
			if link.Length() != 1 {
				t.Errorf("%s: request %s (%s) is not listed with a link to its row on the Approvals page", c.user, a.Ref, a.Summary)
			}
		}
		for _, a := range []*models.Approval{forRita, denied} {
			if !listsApproval(c.want.listed, a) && doc.Find(`a[href="/approvals#approval-`+a.Ref+`"]`).Length() != 0 {
				t.Errorf("%s: request %s (%s) is listed, though %s may not decide it", c.user, a.Ref, a.Summary, c.user)
			}
		}
		for _, a := range c.want.listed {
			only := doc.Find(`[data-testid="approval-deny-only-`+a.Ref+`"]`).Length() == 1
			if only != listsApproval(c.want.denyOne, a) {
				t.Errorf("%s: request %s (%s) says deny-only=%v, want %v", c.user, a.Ref, a.Summary, only, !only)
			}
		}
	}
	// past the ones it lists, the dashboard says how many more wait
	for i := range 8 {
		if _, _, err := h.store.RequestApproval(context.Background(), "apikey", models.Approval{Agent: "analyst", Subject: "sam", Tool: "workspace_write", Digest: h.digestOf(t, "workspace_write"),
			ArgsDigest: fmt.Sprintf("more-%d", i), ArgsView: `{"path":"b"}`, Origin: models.OriginRuntime, Summary: "Write another file"}); err != nil {
			t.Fatal(err)
		}
	}
	_, doc := h.login("rita", "rita-password").get("/")
	if n, more := doc.Find(`[data-testid="approval-waiting-item"]`).Length(), doc.Find(`[data-testid="approvals-waiting-more"]`).Text(); n != dashboardApprovals || !strings.Contains(more, "and 1 more") ||
		strings.TrimSpace(doc.Find(`[data-testid="approvals-waiting"]`).Text()) != "11" {
		t.Errorf("11 requests rita may decide: %d listed, %q, want %d and 1 more", n, more, dashboardApprovals)
	}
	for _, r := range []models.Role{models.RoleViewer, models.RoleEditor} {
		name := "u-" + string(r)
		h.addUser(name, r)
		_, doc := h.login(name, name+"-password").get("/")
		if doc.Find(`[data-testid="approvals-waiting"]`).Length() != 0 || doc.Find(`[data-testid="approval-waiting-item"]`).Length() != 0 {
			t.Errorf("%s, who may decide no approval request, sees the ones waiting", r)
		}
	}
}

func listsApproval(as []*models.Approval, a *models.Approval) bool {
	for _, x := range as {
		if x.Ref == a.Ref {
			return true
		}
	}
	return false
}

// waitingApprovals are the approval requests of waitingApprovalsFixture.
type waitingApprovals struct{ forSam, forRita, stale, bobs, denied *models.Approval }

// waitingApprovalsFixture adds reviewers rita and bob (who created a
// runtime key) and files approval requests: pending for sam, pending for
// rita, one whose tool changed since (stale), one bob's key asked for,
// and one denied.
func waitingApprovalsFixture(t *testing.T, h *harness) waitingApprovals {
	t.Helper()
	ctx := context.Background()
	h.addUser("rita", models.RoleReviewer)
	h.addUser("bob", models.RoleReviewer)
	_, bobKey, err := h.store.CreateScopedAPIKey(ctx, "bob", "bob's", models.ScopeRuntime)
	if err != nil {
		t.Fatal(err)
	}
	file := func(subject, tool, digest, summary string, key uint) *models.Approval {
		t.Helper()
		a, _, err := h.store.RequestApproval(ctx, "apikey", models.Approval{Agent: "analyst", Subject: subject, Tool: tool, Digest: digest,
			ArgsDigest: "args-" + tool, ArgsView: `{"path":"a"}`, Origin: models.OriginRuntime, Summary: summary, KeyID: key})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	var f waitingApprovals
	f.forSam = file("sam", "workspace_write", h.digestOf(t, "workspace_write"), "Write the quarterly report to reports/q3.md, replacing the draft the finance team left there last week", 0)
	f.forRita = file("rita", "workspace_write", h.digestOf(t, "workspace_write"), "Write rita's notes", 0)
	f.stale = file("sam", "exec", "sha256:an-earlier-descriptor", "Run the script", 0)
	f.bobs = file("sam", "save_table", h.digestOf(t, "save_table"), "Save the table", bobKey.ID)
	f.denied = file("sam", "edit_file", h.digestOf(t, "edit_file"), "Edit the file", 0)
	if _, err := h.store.DecideApproval(ctx, "admin", f.denied.Ref, models.ApprovalDecision{Reason: "no"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return f
}
