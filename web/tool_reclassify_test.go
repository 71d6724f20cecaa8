package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestReclassifyAvailableTool: the tool page offered an available tool's
// classification form, and submitting it answered a bare 409 page; a
// class assumed at approval could not be corrected. Now classifying an
// available tool again keeps it available with the new class, audited,
// and the bindings and approvals decided under the earlier class end.
func TestReclassifyAvailableTool(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	key := h.runtimeKey()
	h.addUser("rita", models.RoleReviewer)
	rita := h.login("rita", "rita-password")

	bindBody := map[string]any{"agent": "analyst", "tool": "load_table", "subject": contractor("u1"), "ttl_seconds": 600}
	handle := h.bind(key, bindBody)
	withBinding := map[string]any{"agent": "analyst", "tool": "load_table", "subject": contractor("u1"), "binding": handle}
	if d := h.authorize(key, withBinding); d.Decision != "allow" {
		t.Fatalf("the new binding: %+v", d)
	}
	ref := h.approvedWrite(t, key, "u7", models.ApprovalDecision{Approve: true, Reason: "this week", Until: time.Now().Add(time.Hour)})
	withApproval := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u7"), "approval": ref}
	if d := h.authorize(key, withApproval); d.Decision != "allow" {
		t.Fatalf("the approved call: %+v", d)
	}

	for _, tc := range []struct{ id, effects, risk string }{{"load_table", "read-only", "medium"}, {"workspace_write", "workspace-write", "high"}} {
		_, doc := rita.get("/catalog/tools/" + tc.id)
		form := doc.Find(`[data-testid="classify-form"]`)
		if form.Length() != 1 || doc.Find(`[data-testid="classify-again-note"]`).Length() != 1 {
			t.Fatalf("%s: the available tool's page offers no form to classify it again, or does not say what that does", tc.id)
		}
		digest, _ := form.Find(`input[name="digest"]`).Attr("value")
		res, _ := rita.post("/catalog/tools/"+tc.id+"/classify", url.Values{"digest": {digest}, "effects": {tc.effects}, "risk": {tc.risk}, "decision": {"bindable"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s: classifying an available tool again: %d", tc.id, res.StatusCode)
		}
		tl, _ := h.store.ToolByID(ctx, tc.id)
		if tl.Validation != authority.StateBindable || tl.Status != models.ToolAvailable || tl.ClassEffects != tc.effects || tl.ClassRisk != tc.risk || tl.ClassifiedBy != "rita" {
			t.Errorf("%s after classifying again: %s %s %s/%s by %s", tc.id, tl.Validation, tl.Status, tl.ClassEffects, tl.ClassRisk, tl.ClassifiedBy)
		}
	}
	evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "tool.reclassify"})
	if len(evs) != 2 || !strings.Contains(evs[0].Detail+evs[1].Detail, "→ effects read-only, risk medium") {
		t.Errorf("audit of classifying again: %+v", evs)
	}
	if d := h.authorize(key, withBinding); d.Decision == "allow" {
		t.Errorf("a binding issued under the earlier class still allows: %+v", d)
	}
	if d := h.authorize(key, withApproval); d.Decision == "allow" {
		t.Errorf("an approval decided under the earlier class still allows: %+v", d)
	}
	// a stale digest is still refused, with the page's reason
	if res, _ := rita.post("/catalog/tools/load_table/classify", url.Values{"digest": {"stale"}, "effects": {"read-only"}, "risk": {"low"}, "decision": {"bindable"}}); res.StatusCode != http.StatusConflict {
		t.Errorf("stale digest: %d", res.StatusCode)
	}
}
