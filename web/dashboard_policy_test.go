package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

// TestDashboardShowsOnlyWhatThePolicyAllows: the dashboard
// shows each role only what the policy of the page behind it allows: the
// audit feed only to roles that may open /audit, the user count only to
// roles that may open /users, the review queue count only to reviewers.
func TestDashboardShowsOnlyWhatThePolicyAllows(t *testing.T) {
	h := sqliteOnly(t)
	for _, r := range models.AllRoles {
		h.addUser("u-"+string(r), r)
	}
	h.login("admin", adminPassword).post("/apikeys", map[string][]string{"name": {"secret-sounding key"}})
	for _, r := range models.AllRoles {
		name := "u-" + string(r)
		c := h.login(name, name+"-password")
		_, d := c.get("/")
		u := mustUser(t, h, name)
		for _, sec := range []struct {
			path, testid string
		}{{"/audit", "recent-changes"}, {"/users", "users-count"}, {"/reviews", "waiting-for-me"}} {
			may := h.app.allows(u, http.MethodGet, sec.path)
			shown := d.Find(`[data-testid="`+sec.testid+`"]`).Length() > 0
			if shown != may {
				t.Errorf("%s: %s shown=%v, but GET %s allowed=%v", r, sec.testid, shown, sec.path, may)
			}
		}
		if !h.app.allows(u, http.MethodGet, "/audit") && (strings.Contains(d.Text(), "apikey.create") || strings.Contains(d.Text(), "secret-sounding")) {
			t.Errorf("%s sees audit events on the dashboard", r)
		}
	}
}

// TestLastAdminKeepsAdmin: the only admin cannot remove their
// own admin role; with two admins removing each other's role at once, one
// admin remains.
func TestLastAdminKeepsAdmin(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		me := mustUser(t, h, "admin")
		res, _ := admin.post(fmt.Sprintf("/users/%d/roles", me.ID), url.Values{"roles": {"editor", "reviewer"}})
		if res.StatusCode != http.StatusUnprocessableEntity || !mustUser(t, h, "admin").Has(models.RoleAdmin) {
			t.Fatalf("the only admin dropped their admin role: %d", res.StatusCode)
		}
		h.addUser("ada", models.RoleAdmin)
		ada := mustUser(t, h, "ada")
		var wg sync.WaitGroup
		for _, pair := range [][2]*models.User{{me, ada}, {ada, me}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = h.store.SetRoles(context.Background(), pair[0].Username, pair[1].ID, []models.Role{models.RoleViewer})
			}()
		}
		wg.Wait()
		if !mustUser(t, h, "admin").Has(models.RoleAdmin) && !mustUser(t, h, "ada").Has(models.RoleAdmin) {
			t.Fatal("two concurrent demotions left no admin")
		}
	})
}
