package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestTheApprovalAPIAndPageAgree: an approval whose grants changed since
// it was approved, before any call recorded it void, read "approved" from
// GET /api/v1/approvals/:id while the Approvals page showed it void. Both
// show it void now, with the reason, from one function.
func TestTheApprovalAPIAndPageAgree(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		ref := h.approvedWrite(t, key, "u7", models.ApprovalDecision{Approve: true, Reason: "this hour", Until: time.Now().Add(time.Hour)})
		read := func() (string, string) {
			res, raw := h.api(http.MethodGet, "/api/v1/approvals/"+ref, key, nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET the approval: %d %s", res.StatusCode, raw)
			}
			var b struct {
				Status     string `json:"status"`
				VoidReason string `json:"void_reason"`
			}
			if err := json.Unmarshal(raw, &b); err != nil {
				t.Fatal(err)
			}
			return b.Status, b.VoidReason
		}
		if st, _ := read(); st != authority.ApprovalApproved {
			t.Fatalf("before the change the API reads %q", st)
		}
		grant := models.GrantSpec{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}
		h.changeGrants(t, "contractors", false, grant)
		h.changeGrants(t, "contractors", true, grant)
		st, why := read()
		h.addUser("rita", models.RoleReviewer)
		_, doc := h.login("rita", "rita-password").get("/approvals")
		badge := strings.TrimSpace(doc.Find(`[data-testid="approval-state-` + ref + `"] .badge`).Text())
		note := doc.Find(`[data-testid="approval-void-` + ref + `"]`).Text()
		if st != authority.ApprovalVoid || why == "" || badge != st || !strings.Contains(note, why) {
			t.Errorf("the API reads %q (%q), the page's badge %q and note %q", st, why, badge, note)
		}
		if doc.Find(`[data-testid="withdraw-`+ref+`"]`).Length() != 0 {
			t.Error("a void approval offers a withdrawal")
		}
	})
}
