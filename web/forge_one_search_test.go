package web

import (
	"testing"
)

// TestForgeHasOneSearchBox: in deferred mode the forge offers one search
// box — the run simulator's, which shows the hits, the receipt and the
// step — not a second "search preview" beside it that ranks differently.
func TestForgeHasOneSearchBox(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/forge?agent=analyst&deferred=1")
	if n := d.Find(`main input[type="search"][name="q"]`).Length(); n != 1 {
		t.Errorf("%d search boxes in the deferred forge, want 1", n)
	}
	if d.Find(`[data-testid="run-search-form"] input[name="q"]`).Length() != 1 {
		t.Error("the one search box is not the run simulator's")
	}
}
