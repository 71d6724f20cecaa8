package web

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// TestAgentPageListsTheRosterItUses: the agent page leads with the roster
// the agent really uses — its default profile's resolved tools — and gives
// the one resolver's reason for every declared tool that is not there (a
// tool back in review says so, not "not granted").
func TestAgentPageListsTheRosterItUses(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	withGitHubAvailable(t, h)
	const tool = "github.search_issues"
	snap, _ := h.app.snapshot(ctx)
	a, _ := h.store.AgentBySlug(ctx, "dev-helper")
	if _, err := h.store.UpdateAgent(ctx, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description,
		Declared: append(a.Declared(), tool), Services: a.Services()}, snap.KnownTools()); err != nil {
		t.Fatal(err)
	}
	cs := catalogtest.GitHub(t)
	for i := range cs {
		if cs[i].ID == tool {
			cs[i].Purpose += " Now also searches discussions."
		}
	}
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/agents/researcher")
	use := d.Find(`[data-testid="roster-in-use"]`)
	if use.Length() != 1 {
		t.Fatalf("the agent page has no roster in use")
	}
	text := strings.ToLower(strings.Join(strings.Fields(use.Text()), " "))
	if use.Find(`a[href="/profiles/web-research"]`).Length() == 0 {
		t.Errorf("the roster in use does not name and link its default profile: %q", text)
	}
	var roster []string
	use.Find(`[data-testid="in-use-tool"]`).Each(func(_ int, s *goquery.Selection) { roster = append(roster, s.Text()) })
	if strings.Join(roster, ",") != "web_search,web_fetch,read_file,workspace_write,ask_user" {
		t.Errorf("roster in use: %v", roster)
	}
	if !strings.Contains(text, "exec") || !strings.Contains(text, "not declared") {
		t.Errorf("the profile's undeclared tool is not explained: %q", text)
	}
	if !strings.Contains(text, "web_screenshot") || !strings.Contains(text, "not in the profile") {
		t.Errorf("a declared tool the default profile leaves out is not named: %q", text)
	}
	// an agent without a default profile uses every declared tool; the
	// declared tool back in review says so, from the one resolver
	_, d = c.get("/agents/dev-helper")
	text = strings.ToLower(strings.Join(strings.Fields(d.Find(`[data-testid="roster-in-use"]`).Text()), " "))
	if !strings.Contains(text, "no default profile") {
		t.Errorf("dev-helper's roster in use: %q", text)
	}
	if !strings.Contains(text, tool) || !strings.Contains(text, "back in review") || strings.Contains(text, "granted") {
		t.Errorf("the declared tool in review is not given its true reason: %q", text)
	}
}

// TestDefaultProfileIsSetInOnePlace: only the agent's form sets an agent's
// default profile; the profile pages say which agents use it and link to
// the place it is set, and no profile field is called "default".
func TestDefaultProfileIsSetInOnePlace(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/profiles/web-research")
	used := d.Find(`[data-testid="default-of"]`)
	if used.Find(`a[href="/agents/researcher#default-profile"]`).Length() != 1 {
		t.Errorf("the profile page does not link to where researcher's default profile is set: %q", used.Text())
	}
	_, d = c.get("/profiles")
	if strings.Contains(strings.ToLower(d.Find("main").Text()), "default agent") {
		t.Error("the profiles page still offers a \"default agent\": a second place that looks like it sets a default")
	}
	if d.Find(`[data-testid="default-of-web-research"] a[href="/agents/researcher#default-profile"]`).Length() != 1 {
		t.Error("the profiles list does not say which agents use web-research by default")
	}
	_, d = c.get("/agents/researcher")
	if d.Find(`#default-profile select[name="default_profile"]`).Length() != 1 {
		t.Error("the agent form's default profile field is not the anchored one place")
	}
}
