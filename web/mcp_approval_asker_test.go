package web

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayApprovalHoldsForTheKeyThatAsked: runtime key A's subject
// "sam" asks for an approval-only call and a reviewer approves it once.
// Runtime key B, another runtime that vouches for its own "sam", makes
// the same call: subjects are vouched per key, so A's approval is not
// presented for B, nor does B's call run when B presents A's reference
// itself; B is asked for an approval of its own. A's call then runs on
// A's approval.
func TestGatewayApprovalHoldsForTheKeyThatAsked(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f, csA := approvalOnlyEcho(t, h, up.URL)
	args := map[string]any{"text": "wire 500 to bob"}
	text, _ := call(t, csA, "demo.echo", args, nil)
	ref := approvalRef(t, text)
	if _, err := h.store.DecideApproval(context.Background(), "admin", ref, models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	f.key = h.runtimeKey() // key B
	csB, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
	textB, isErrB := call(t, csB, "demo.echo", args, nil)
	if !isErrB || up.Calls("echo") != 0 {
		t.Errorf("key B ran a call on the approval a reviewer gave key A's request: %q (echo ran %d times)", textB, up.Calls("echo"))
	} else if own := approvalRef(t, textB); own == ref {
		t.Errorf("key B was named key A's approval %s", ref)
	}
	if textB, isErrB = call(t, csB, "demo.echo", args, map[string]any{"approval": ref}); !isErrB || up.Calls("echo") != 0 {
		t.Errorf("key B presenting key A's approval ran the call: %q", textB)
	}
	if textA, isErrA := call(t, csA, "demo.echo", args, nil); isErrA || up.Calls("echo") != 1 {
		t.Errorf("key A's approved call: %q (echo ran %d times)", textA, up.Calls("echo"))
	}
}
