package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

func TestToolLedgerAndClassification(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceMCP, "github", catalogtest.GitHub(t), ""); err != nil {
		t.Fatal(err)
	}
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/catalog/tools/github.delete_file")
	if v := strings.TrimSpace(doc.Find(`[data-testid="ledger-validation"]`).Text()); v != authority.StateStructurallyValid {
		t.Fatalf("validation %q", v)
	}
	if tr := strings.TrimSpace(doc.Find(`[data-testid="ledger-trust"]`).Text()); tr != authority.TrustUntrusted {
		t.Fatalf("trust %q", tr)
	}
	form := doc.Find(`[data-testid="classify-form"]`)
	if form.Length() != 1 {
		t.Fatal("no classification form for a reviewer who did not import the tool")
	}
	hint, _ := form.Find(`select[name="effects"] option[selected]`).Attr("value")
	digest, _ := form.Find(`input[name="digest"]`).Attr("value")
	if hint == "" || digest == "" {
		t.Fatalf("form not prefilled: hint %q digest %q", hint, digest)
	}
	// a stale digest is refused and writes nothing
	if res, _ := admin.post("/catalog/tools/github.delete_file/classify", url.Values{"digest": {"stale"}, "effects": {"destructive"}, "risk": {"high"}, "decision": {"bindable"}}); res.StatusCode != http.StatusConflict {
		t.Errorf("stale digest: %d", res.StatusCode)
	}
	if res, _ := admin.post("/catalog/tools/github.delete_file/classify", url.Values{"digest": {digest}, "effects": {"harmless"}, "risk": {"high"}, "decision": {"bindable"}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("bad class: %d", res.StatusCode)
	}
	res, _ := admin.post("/catalog/tools/github.delete_file/classify", url.Values{"digest": {digest}, "effects": {"destructive"}, "risk": {"high"}, "decision": {"bindable"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("classify: %d", res.StatusCode)
	}
	tl, _ := h.store.ToolByID(ctx, "github.delete_file")
	if tl.Validation != authority.StateBindable || tl.ClassEffects != "destructive" || tl.ClassifiedBy != "admin" || tl.ClassifiedDigest != digest || tl.Status != models.ToolAvailable {
		t.Fatalf("after classify: %+v", tl)
	}
	evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "tool.classify"})
	if len(evs) != 1 || !strings.Contains(evs[0].Detail, "effects destructive, risk high") {
		t.Errorf("audit: %+v", evs)
	}
	// the importer cannot classify
	h.addUser("ivan", models.RoleReviewer)
	ivan := h.login("ivan", "ivan-password")
	_, doc = ivan.get("/catalog/tools/github.get_me")
	if doc.Find(`[data-testid="classify-form"]`).Length() != 0 {
		t.Error("the importer is offered the classification form")
	}
	me, _ := h.store.ToolByID(ctx, "github.get_me")
	if res, _ := ivan.post("/catalog/tools/github.get_me/classify", url.Values{"digest": {me.Digest}, "effects": {"read-only"}, "risk": {"low"}, "decision": {"bindable"}}); res.StatusCode != http.StatusForbidden {
		t.Errorf("importer classified: %d", res.StatusCode)
	}
}
