package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestDashboardFirstSteps: a fresh console leads with the path — import
// (linked for admins), review, open the forge for an agent — and every
// stat card is a link; once a service is imported and reviewed the path
// is gone.
func TestDashboardFirstSteps(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/")
	steps := d.Find(`[data-testid="first-steps"]`)
	if steps.Length() != 1 {
		t.Fatal("a fresh console shows no first steps")
	}
	if href, _ := steps.Find(`[data-testid="step-import"] a`).Attr("href"); href != "/catalog/import" {
		t.Errorf("import step links to %q", href)
	}
	if href, _ := steps.Find(`[data-testid="step-forge"] a`).Attr("href"); !strings.HasPrefix(href, "/forge?agent=") || len(href) == len("/forge?agent=") {
		t.Errorf("forge step links to %q", href)
	}
	if n, links := d.Find(`.cards .card`).Length(), d.Find(`.cards a.card`).Length(); n == 0 || n != links {
		t.Errorf("%d of %d stat cards are links", links, n)
	}
	// a viewer sees the path without links it may not follow
	h.addUser("vera", models.RoleViewer)
	_, d = h.login("vera", "vera-password").get("/")
	if d.Find(`[data-testid="step-import"] a`).Length() != 0 || !strings.Contains(d.Find(`[data-testid="step-import"]`).Text(), "an admin does this") {
		t.Error("a viewer is sent to the import page")
	}
	// imported and reviewed: no first steps
	withGitHubAvailable(t, h)
	_, d = c.get("/")
	if d.Find(`[data-testid="first-steps"]`).Length() != 0 {
		t.Error("first steps shown after the catalog was imported and reviewed")
	}
}
