package web

import "testing"

// TestChecksFilteredByAPicker: the checks page picks its agent from a
// list of the agents (not a free-text box that matches nothing on a typo).
func TestChecksFilteredByAPicker(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/checks?agent=analyst")
	if d.Find(`select[name="agent"] option[value="analyst"][selected]`).Length() != 1 || d.Find(`input[name="agent"]`).Length() != 0 {
		t.Error("the checks page does not filter by an agent picker")
	}
}
