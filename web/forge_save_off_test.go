package web

import (
	"strings"
	"testing"
)

// TestForgeSaysWhySaveIsOffForASubject: with a subject's groups ticked the
// forge offers no Save form (a profile is not narrowed to a subject); an
// editor then sees, where the form was, why and what to do. The form used
// to vanish without a word (only a POST said "sg: clear the subject's
// groups before saving").
func TestForgeSaysWhySaveIsOffForASubject(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/forge?agent=analyst&sg=contractors")
	if doc.Find(`[data-testid="save-form"]`).Length() != 0 {
		t.Fatal("a subject's preview offers the Save form")
	}
	off := doc.Find(`[data-testid="compare"] [data-testid="save-off"]`)
	if got := off.Text(); !strings.Contains(got, "subject's groups") || !strings.Contains(got, "Untick the groups to save") {
		t.Errorf("where the Save form was: %q, want why saving is off and what to do", got)
	}
	_, plain := admin.get("/forge?agent=analyst")
	if plain.Find(`[data-testid="save-form"]`).Length() != 1 || plain.Find(`[data-testid="save-off"]`).Length() != 0 {
		t.Error("without a subject the forge should offer the Save form and no note")
	}
}
