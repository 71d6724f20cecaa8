package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestReviewPageSetsClassPerTool: approving from the review page
// classified every tool whose descriptor states no effects as
// destructive, with no way to change it there, so a group granted only
// read-only tools never saw a list or read tool. The page now shows each
// tool's class pre-filled with the assumed one, lets the reviewer set it
// per tool before approving, and warns how many shown tools would be
// classified destructive (assumed); a bad class is a named field error
// and changes nothing.
func TestReviewPageSetsClassPerTool(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	cs := []catalog.Contract{
		{ID: "notes.list_projects", Title: "List projects", Purpose: "List the projects.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, EffectsAssumed: true, Version: "1"},
		{ID: "notes.read_file", Title: "Read file", Purpose: "Read a file.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, EffectsAssumed: true, Version: "1"},
		{ID: "notes.delete_file", Title: "Delete file", Purpose: "Delete a file.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, Version: "1"},
	}
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceMCP, "notes", cs, ""); err != nil {
		t.Fatal(err)
	}
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/catalog/review?namespace=notes")
	warn := doc.Find(`[data-testid="assumed-warning"]`).Text()
	if !strings.Contains(warn, "2 tools") || !strings.Contains(warn, "destructive (assumed)") {
		t.Errorf("the page does not warn that 2 tools will be classified destructive (assumed): %q", warn)
	}
	for _, id := range []string{"notes.list_projects", "notes.delete_file"} {
		sel := doc.Find(`[data-testid="review-tool-` + id + `"] select[name="effects.` + id + `"]`)
		if got, _ := sel.Find("option[selected]").Attr("value"); got != "destructive" {
			t.Errorf("%s: the class select is pre-filled with %q, want destructive", id, got)
		}
		if doc.Find(`[data-testid="review-tool-`+id+`"] select[name="risk.`+id+`"]`).Length() != 1 {
			t.Errorf("%s: no risk select", id)
		}
	}

	post := func(form url.Values) *http.Response {
		addDigests(t, h, form)
		res, _ := admin.post("/catalog/review", form)
		return res
	}
	// a bad class: named field error, nothing changed
	bad := url.Values{"tools": {"notes.list_projects", "notes.read_file"}, "status": {"available"},
		"effects.notes.list_projects": {"harmless"}, "risk.notes.read_file": {"tiny"}, "effects.notes.read_file": {"read-only"}}
	addDigests(t, h, bad)
	res, body := admin.post("/catalog/review", bad)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("a bad class: %d", res.StatusCode)
	}
	for _, want := range []string{"effects.notes.list_projects", "risk.notes.read_file"} {
		if !strings.Contains(body.Text(), want) {
			t.Errorf("the refusal does not name %s: %q", want, body.Find(`[data-testid="review-error"]`).Text())
		}
	}
	if statusOf(t, h, "notes.list_projects") != models.ToolCandidate {
		t.Fatal("a refused decision changed a tool")
	}
	// read-only chosen for the two assumed tools: no confirmation needed,
	// classified as chosen, risk from the chosen effects unless set
	if res := post(url.Values{"tools": {"notes.list_projects", "notes.read_file"}, "status": {"available"},
		"effects.notes.list_projects": {"read-only"}, "effects.notes.read_file": {"read-only"}, "risk.notes.read_file": {"medium"},
		"effects.notes.delete_file": {"read-only"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("approving with classes set: %d", res.StatusCode)
	}
	for id, want := range map[string]string{"notes.list_projects": "read-only/low", "notes.read_file": "read-only/medium"} {
		tl, _ := h.store.ToolByID(ctx, id)
		if got := tl.ClassEffects + "/" + tl.ClassRisk; got != want || tl.Status != models.ToolAvailable {
			t.Errorf("%s: %s %s, want available %s", id, tl.Status, got, want)
		}
	}
	// a class sent for an unselected tool changes nothing
	if tl, _ := h.store.ToolByID(ctx, "notes.delete_file"); tl.Status != models.ToolCandidate || tl.ClassEffects != "" {
		t.Errorf("an unselected tool was decided: %s %q", tl.Status, tl.ClassEffects)
	}
	// left as shown, the pre-filled class is the assumed one and needs the confirmation
	if res := post(url.Values{"tools": {"notes.delete_file"}, "status": {"available"}, "effects.notes.delete_file": {"destructive"}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("a destructive class without confirmation: %d", res.StatusCode)
	}
}
