package web

import (
	"net/url"
	"testing"

	"github.com/agentforge/console/models"
)

// TestForgeRunSearchesAsTheGatewayDoes: the simulator's pending search
// activates as many hits as a search_tools call or POST
// /api/v1/runs/{run}/search without a limit (the surface's one default),
// so its per-step tokens are the gateway's.
func TestForgeRunSearchesAsTheGatewayDoes(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	_, d := c.get("/forge?agent=analyst&deferred=1&q=" + url.QueryEscape("data table chart query report file"))
	got := d.Find(`[data-testid="search-hits"] .hit`).Length()
	if got != 5 {
		t.Fatalf("simulated search: got %d hits, want 5 (the gateway's default)", got)
	}
}
