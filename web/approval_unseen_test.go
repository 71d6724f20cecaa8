package web

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestARequestWhoseArgumentsDoNotFitCannotBeApproved: a reviewer approved
// a payment whose recipient sat past the cut of the arguments view. Now
// the Approvals page offers no Approve for such a request, says
// why, and an approve posted anyway decides nothing; denying it works.
func TestARequestWhoseArgumentsDoNotFitCannotBeApproved(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		big := `{"amount":5,"memo":"` + strings.Repeat("Monthly rent payment, routine. ", authority.MaxArgumentsView/30+10) + `","to":"attacker-account-666"}`
		view := authority.ArgumentsView([]byte(big))
		// the store files no such request any more; one filed before
		// that rule is still on the page
		a, _, err := h.store.RequestApproval(ctx, "apikey", models.Approval{Agent: "analyst", Subject: "sam", Tool: "workspace_write", Digest: h.digestOf(t, "workspace_write"),
			ArgsDigest: "args", ArgsView: `{"amount":5}`, Origin: models.OriginCheck})
		if err != nil {
			t.Fatal(err)
		}
		if err := h.store.Exec(ctx, "UPDATE approvals SET args_view = ? WHERE ref = ?", view, a.Ref); err != nil {
			t.Fatal(err)
		}
		h.addUser("rita", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		_, doc := rita.get("/approvals")
		if doc.Find(`[data-testid="approval-unseen-`+a.Ref+`"]`).Length() != 1 || doc.Find(`[data-testid="approve-`+a.Ref+`"]`).Length() != 0 {
			t.Fatalf("the page offers Approve for arguments nobody can see whole")
		}
		rita.post("/approvals/"+a.Ref+"/approve", url.Values{"reason": {"looks routine"}, "scope": {"once"}})
		if got, _ := h.store.ApprovalByRef(ctx, a.Ref); got.Status != authority.ApprovalPending {
			t.Fatalf("approved unseen arguments: %s", got.Status)
		}
		rita.post("/approvals/"+a.Ref+"/deny", url.Values{"reason": {"too large to review"}})
		if got, _ := h.store.ApprovalByRef(ctx, a.Ref); got.Status != authority.ApprovalDenied {
			t.Fatalf("denying it: %s", got.Status)
		}
	})
}
