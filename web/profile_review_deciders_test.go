package web

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

// TestProfileReviewDecidersAndRaces: whoever the profile page offers the
// decision (reviewers and admins) can decide; a reviewer who saved the
// version cannot approve it; and two reviewers deciding one pending
// version at once get one decision and one 409, never a 5xx.
func TestProfileReviewDecidersAndRaces(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		snap, _ := h.app.snapshot(ctx)
		known := snap.KnownTools()
		a, _ := h.store.AgentBySlug(ctx, "researcher")
		if _, err := h.store.UpdateAgent(ctx, "admin", "researcher", a.Version, models.AgentInput{Name: a.Name, Declared: a.Declared(), DefaultProfile: "web-research", ProfileReview: true}, known); err != nil {
			t.Fatal(err)
		}
		h.addUser("rex", models.RoleEditor, models.RoleReviewer)
		h.addUser("ada", models.RoleAdmin)
		h.addUser("rita", models.RoleReviewer)
		h.addUser("ravi", models.RoleReviewer)
		save := func(author string, base int, tools ...string) {
			t.Helper()
			if _, err := h.store.SaveProfileVersion(ctx, author, "web-research", base, models.ProfileContent{Tools: tools, Tier: "standard", CatalogForm: "compact"}, known, models.TokenTotals{}); err != nil {
				t.Fatal(err)
			}
		}
		save("rex", 1, "web_search", "ask_user") // v2, pending
		rex := h.login("rex", "rex-password")
		if res, _ := rex.post("/profiles/web-research/versions/2/decide", url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("a reviewer approved the version they saved: %d, want 403", res.StatusCode)
		}
		ada := h.login("ada", "ada-password")
		if _, d := ada.get("/profiles/web-research"); d.Find(`form[action="/profiles/web-research/versions/2/decide"]`).Length() == 0 {
			t.Fatal("the profile page offers an admin no decision")
		}
		if res, _ := ada.post("/profiles/web-research/versions/2/decide", url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("an admin the page offers the decision approved: %d, want 303", res.StatusCode)
		}
		save("rex", 2, "web_search") // v3, pending
		clients := []*client{h.login("rita", "rita-password"), h.login("ravi", "ravi-password")}
		codes := make([]int, len(clients))
		var wg sync.WaitGroup
		for i, c := range clients {
			wg.Add(1)
			go func(i int, c *client) {
				defer wg.Done()
				res, _, err := c.tryPost("/profiles/web-research/versions/3/decide", url.Values{"decision": {"reject"}, "reason": {"too narrow"}})
				if err != nil {
					t.Error(err)
					return
				}
				codes[i] = res.StatusCode
			}(i, c)
		}
		wg.Wait()
		sort.Ints(codes)
		if codes[0] != http.StatusSeeOther || codes[1] != http.StatusConflict {
			t.Errorf("two reviewers rejecting at once: %v, want [303 409]", codes)
		}
	})
}
