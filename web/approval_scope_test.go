package web

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestAnApprovalHoldsOnlyForTheGroupsAndProfileItsReviewerSaw: an
// approval filed for a contractor under the agent's default profile and
// approved held for the same subject id under any other groups (a grant
// of those groups removed and given back voided nothing either) and any
// other profile. Now such a call is approval_required
// (approval_other_groups / approval_other_profile), the approval stays
// approved for its own scope, and filing for the other scope is a new
// request, not the approved one.
func TestAnApprovalHoldsOnlyForTheGroupsAndProfileItsReviewerSaw(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		ref := h.approvedWrite(t, key, "c-9", models.ApprovalDecision{Approve: true, Reason: "this hour", Until: time.Now().Add(time.Hour)})
		grant := models.GrantSpec{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}
		h.changeGrants(t, "g2", true, grant)
		for _, c := range []struct {
			name   string
			body   map[string]any
			reason string
		}{
			{"other groups", map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": map[string]any{"id": "c-9", "groups": []string{"g2"}}, "approval": ref}, authority.ReasonApprovalOtherGroups},
			{"a group more", map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": map[string]any{"id": "c-9", "groups": []string{"contractors", "g2"}}, "approval": ref}, authority.ReasonApprovalOtherGroups},
			{"other profile", map[string]any{"agent": "analyst", "profile": "document-analysis", "tool": "workspace_write", "subject": contractor("c-9"), "approval": ref}, authority.ReasonApprovalOtherProfile},
		} {
			_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, c.body)
			var d struct {
				Decision string
				Error    struct {
					Type           string
					ApprovalReason string `json:"approval_reason"`
				}
			}
			_ = json.Unmarshal(raw, &d)
			if d.Decision != "deny" || d.Error.Type != authority.TypeApprovalRequired || d.Error.ApprovalReason != c.reason {
				t.Errorf("%s: %s", c.name, raw)
			}
		}
		with := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("c-9"), "approval": ref}
		if d := h.authorize(key, with); d.Decision != "allow" {
			t.Errorf("the approval under its own groups and profile after calls outside them: %+v", d)
		}
		filing := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": map[string]any{"id": "c-9", "groups": []string{"g2"}}, "summary": "write it under g2"}
		res, out := h.api(http.MethodPost, "/api/v1/approvals", key, filing)
		var filed struct{ Approval, Status string }
		if _ = json.Unmarshal(out, &filed); res.StatusCode != http.StatusCreated || filed.Approval == ref || filed.Status != authority.ApprovalPending {
			t.Errorf("filing under other groups: %d %s (approved %s)", res.StatusCode, out, ref)
		}
	})
}
