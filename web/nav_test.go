package web

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// reachedFromAPage are the signed-in pages without a tab of their own,
// with the page that leads to each.
var reachedFromAPage = map[string]string{
	"/account":         "the signed-in name in the header",
	"/catalog/import":  "the catalog page",
	"/connections":     "the catalog page (MCP connections)",
	"/catalog/review":  "the catalog page and the review queue",
	"/skills/new":      "the skills page",
	"/forge/search":    "the forge (htmx part)",
	"/forge/text":      "the forge (its full text without JavaScript)",
	"/forge/run":       "the forge (the run simulator, htmx part)",
	"/forge/selection": "the forge (the selection panel, htmx part)",
	"/tools/pick":      "the tool pickers of the agent, profile and group forms (htmx part)",
}

// TestNavOffersEveryPage: every signed-in page without a path parameter
// has a tab (or is listed above with the page that leads to it), and each
// role's navigation holds exactly the tabs whose route lets that role in,
// each of which opens (no tab answers 403).
func TestNavOffersEveryPage(t *testing.T) {
	h := sqliteOnly(t)
	tabs := map[string]bool{}
	for _, n := range views.NavEntries() {
		tabs[n.Href] = true
	}
	for _, r := range h.app.routes {
		if r.method != http.MethodGet || r.policy.public || r.policy.apiKey || strings.ContainsAny(r.path, ":*") {
			continue
		}
		if !tabs[r.path] && reachedFromAPage[r.path] == "" {
			t.Errorf("GET %s is a page without a tab and no page leads to it: add it to views.NavEntries", r.path)
		}
	}
	roles := map[string]models.Role{"ada": models.RoleAdmin, "eddie": models.RoleEditor, "rita": models.RoleReviewer, "vic": models.RoleViewer}
	for name, role := range roles {
		h.addUser(name, role)
		c := h.login(name, name+"-password")
		_, doc := c.get("/")
		var got []string
		doc.Find("header.top nav a").Each(func(_ int, a *goquery.Selection) {
			href, _ := a.Attr("href")
			got = append(got, href)
		})
		var want []string
		u := &models.User{Username: name, Roles: string(role)}
		for _, n := range views.NavEntries() {
			if h.app.allows(u, http.MethodGet, n.Href) {
				want = append(want, n.Href)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s's tabs: %v, want %v", role, got, want)
		}
		for _, href := range got {
			if res, _ := c.get(href); res.StatusCode != http.StatusOK {
				t.Errorf("%s's tab %s answers %d", role, href, res.StatusCode)
			}
		}
	}
}
