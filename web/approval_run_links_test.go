package web

import (
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestARunAndItsApprovalLinkEachOther: a run's page did not say which
// approval a call ran under, and the Approvals page did not name the run
// that asked. Now the call's row links its approval and the approval's
// row links its run.
func TestARunAndItsApprovalLinkEachOther(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	_, cs := approvalOnlyEcho(t, h, up.URL)
	args := map[string]any{"text": "hi"}
	first, _ := call(t, cs, "demo.echo", args, nil)
	ref := approvalRef(t, first)
	if _, err := h.store.DecideApproval(t.Context(), "admin", ref, models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if text, isErr := call(t, cs, "demo.echo", args, nil); isErr {
		t.Fatalf("the approved call: %s", text)
	}
	a, err := h.store.ApprovalByRef(t.Context(), ref)
	if err != nil || a.Run == "" {
		t.Fatalf("the request names no run: %+v %v", a, err)
	}
	h.app.gw.evidence.flush()
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/runs/" + a.Run)
	if href, _ := doc.Find(`[data-testid="call-approval"]`).Attr("href"); href != "/approvals#approval-"+ref {
		t.Errorf("the run's call links %q, want its approval %s", href, ref)
	}
	_, doc = admin.get("/approvals")
	if href, _ := doc.Find(`[data-testid="approval-run-` + ref + `"]`).Attr("href"); href != "/runs/"+a.Run {
		t.Errorf("the approval links %q, want its run %s", href, a.Run)
	}
}
