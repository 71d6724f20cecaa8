package web

import (
	"strings"
	"testing"
)

// TestPickerHintWithoutJavaScript: as served (no script run), every tool
// picker says its chosen tools are added on save and keeps the other
// hint, for "Add selected", hidden with its button; app.js swaps them.
func TestPickerHintWithoutJavaScript(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	for _, path := range []string{"/agents", "/profiles", "/groups", "/skills/new"} {
		_, d := admin.get(path)
		pickers := d.Find("details.picker")
		if pickers.Length() == 0 {
			t.Fatalf("%s has no tool picker", path)
		}
		save, now := pickers.Find(`[data-picker-hint="save"]`), pickers.Find(`[data-picker-hint="now"]`)
		if save.Length() != pickers.Length() || now.Length() != pickers.Length() {
			t.Fatalf("%s: %d pickers, %d save hints, %d add-now hints", path, pickers.Length(), save.Length(), now.Length())
		}
		if _, hidden := save.Attr("hidden"); hidden || !strings.Contains(save.First().Text(), "when you save") {
			t.Errorf("%s: the hint without JavaScript: %q (hidden %v)", path, save.First().Text(), hidden)
		}
		if _, hidden := now.Attr("hidden"); !hidden {
			t.Errorf("%s: the hint for Add selected shows without JavaScript", path)
		}
	}
}
