package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSaveWithoutChangeIsRefused: saving the forge's draft when it is the
// saved version is a 422 that says so and makes no version; the forge
// disables its save button with the reason.
func TestSaveWithoutChangeIsRefused(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	c := h.login("admin", adminPassword)
	p, err := h.store.ProfileBySlug(ctx, "data-analyst")
	if err != nil {
		t.Fatal(err)
	}
	before := p.CurrentVersion
	_, f := c.get("/forge?agent=analyst&profile=data-analyst")
	state, _ := f.Find(`[data-testid="save-form"] input[name="state"]`).Attr("value")
	if _, off := f.Find(`[data-testid="save-draft"]`).Attr("disabled"); !off {
		t.Error("the save button is enabled for an unchanged draft")
	}
	res, body := c.post("/forge/save", url.Values{"state": {state}, "base": {f.Find(`[data-testid="save-form"] input[name="base"]`).AttrOr("value", "")}, "message": {"again"}})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("unchanged save: %d, want 422", res.StatusCode)
	}
	if txt := body.Text(); !strings.Contains(txt, "nothing changed") {
		t.Errorf("the refusal does not say why: %q", txt)
	}
	p, _ = h.store.ProfileBySlug(ctx, "data-analyst")
	if p.CurrentVersion != before {
		t.Errorf("a version was made: v%d → v%d", before, p.CurrentVersion)
	}
}
