package web

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestForgeSubjectPicker: the forge previews what the agent offers a
// member of the picked groups, and each group shows its token delta.
func TestForgeSubjectPicker(t *testing.T) {
	h := sqliteOnly(t)
	viewer := h.login("admin", adminPassword)
	res, doc := viewer.get("/forge?agent=analyst")
	if res.StatusCode != 200 {
		t.Fatalf("forge: %d", res.StatusCode)
	}
	g := doc.Find(`[data-testid="subject-group-contractors"]`)
	delta, err := strconv.Atoi(g.AttrOr("data-delta", "x"))
	if g.Length() != 1 || err != nil || delta >= 0 {
		t.Fatalf("contractors' delta from everyone: %q (%v), want negative (no exec, no code channel)", g.AttrOr("data-delta", ""), err)
	}
	if doc.Find(`[data-testid="lever-tool:exec"]`).Length() != 1 {
		t.Fatal("everyone's forge lacks the exec lever")
	}
	if doc.Find(`button:contains("Save as")`).Length() == 0 {
		t.Fatal("no save button without a subject (the check below would prove nothing)")
	}
	res, doc = viewer.get("/forge?agent=analyst&sg=contractors")
	if res.StatusCode != 200 {
		t.Fatalf("forge for contractors: %d", res.StatusCode)
	}
	if doc.Find(`[data-testid="lever-tool:exec"]`).Length() != 0 {
		t.Error("a contractor's forge offers exec as a lever")
	}
	if _, on := doc.Find(`[data-testid="subject-group-contractors"] input`).Attr("checked"); !on {
		t.Error("contractors not shown as picked")
	}
	back, _ := strconv.Atoi(doc.Find(`[data-testid="subject-group-contractors"]`).AttrOr("data-delta", "0"))
	if back != -delta {
		t.Errorf("toggling contractors off again: %d, want %d", back, -delta)
	}
	if got := doc.Find(`[data-testid="subject-approval"]`).Text(); !strings.Contains(got, "workspace_write") || strings.Contains(got, "render_chart") {
		t.Errorf("a contractor's forge says %q of the tools offered only with approval, want workspace_write alone", got)
	}
	if _, d := viewer.get("/forge?agent=analyst"); d.Find(`[data-testid="subject-approval"]`).Length() != 0 || d.Find(`[data-testid="compare-subject"]`).Length() != 0 {
		t.Error("everyone's forge claims approvals or a subject's comparison")
	}
	if got := doc.Find(`[data-testid="compare-subject"]`).Text(); !strings.Contains(got, "contractors") {
		t.Errorf("a contractor's comparison does not say it is for contractors: %q", got)
	}
	if doc.Find(`[data-testid="save-form"]`).Length() != 0 || doc.Find(`button:contains("Save as")`).Length() != 0 {
		t.Error("a subject's preview offers to save it as the profile")
	}
	if res, _ := viewer.post("/forge/save", url.Values{"state": {"agent=analyst&sg=contractors"}, "base": {"2"}, "message": {"narrowed"}}); res.StatusCode != 400 {
		t.Errorf("saving a subject's preview: %d, want 400", res.StatusCode)
	}
	if res, _ := viewer.get("/forge?agent=analyst&sg=Not+A+Group"); res.StatusCode != 400 {
		t.Errorf("bad group: %d, want 400", res.StatusCode)
	}
}
