package web

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// TestDroppedToolTrueReason: after a re-import changes a declared tool,
// the compose API names the real reason it dropped — back in review — not
// "not granted", for a subject who is granted it once it is reviewed;
// the forge says the same and counts every declared tool ("7 of 8
// declared", not "7 of 7").
func TestDroppedToolTrueReason(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	withGitHubAvailable(t, h)
	const tool = "github.search_issues"
	snap, _ := h.app.snapshot(ctx)
	a, _ := h.store.AgentBySlug(ctx, "dev-helper")
	declared := append(a.Declared(), tool)
	if _, err := h.store.UpdateAgent(ctx, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description,
		Declared: declared, Services: a.Services()}, snap.KnownTools()); err != nil {
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
	key := h.apiKey()
	res, b := h.api(http.MethodPost, "/api/v1/compose", key, map[string]any{"agent": "dev-helper", "subject": map[string]any{"id": "c1", "groups": []string{models.DemoContractors}}})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("compose: %d %s", res.StatusCode, b)
	}
	var out struct {
		Dropped []struct{ ID, Set, Reason string }
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	var why string
	for _, d := range out.Dropped {
		if d.ID == tool {
			why = d.Set + ": " + d.Reason
		}
	}
	if !strings.Contains(why, "back in review") || strings.Contains(why, "granted") {
		t.Errorf("API: %s dropped as %q, want back in review", tool, why)
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/forge?agent=dev-helper&sg=" + models.DemoContractors)
	page := strings.Join(strings.Fields(d.Find("main").Text()), " ")
	if !strings.Contains(page, "of 8 declared") {
		t.Errorf("forge does not count the 8 declared tools: %q", firstMatch(page, "declared"))
	}
	_, d = c.get("/forge?agent=dev-helper")
	notes := strings.Join(strings.Fields(d.Find(`[data-testid="roster-notes"]`).Text()), " ")
	if !strings.Contains(notes, tool) || !strings.Contains(notes, "back in review") {
		t.Errorf("forge roster notes: %q", notes)
	}
}

// firstMatch is the text around the first occurrence of sub, for a
// failure message.
func firstMatch(s, sub string) string {
	i := strings.Index(s, sub)
	if i < 0 {
		return ""
	}
	return s[max(0, i-60):min(len(s), i+20)]
}

// TestImportPreviewWarnsOfLostTools: a re-import that changes an
// available tool sends it back to review; the preview names the agents
// and profiles that lose it until it is reviewed again.
func TestImportPreviewWarnsOfLostTools(t *testing.T) {
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
	if _, err := h.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "triage", Name: "Triage", Agent: "dev-helper",
		Content: models.ProfileContent{Tools: []string{"read_file", tool}, Tier: "standard", CatalogForm: "compact", Message: "first"}}, snap.KnownTools(), models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("../catalog/testdata/github-mcp-server.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(file), `"name": "search_issues"`, `"name": "search_issues", "title": "Search issues and discussions"`, 1)
	if changed == string(file) {
		t.Fatal("fixture edit did not apply")
	}
	admin := h.login("admin", adminPassword)
	res, html := admin.uploadImport("mcp", "github", []byte(changed))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("preview: %d", res.StatusCode)
	}
	lost := strings.Join(strings.Fields(doc(html).Find(`[data-testid="import-losses"]`).Text()), " ")
	for _, want := range []string{tool, "agent: dev-helper", "profile: triage", "Until a reviewer approves"} {
		if !strings.Contains(lost, want) {
			t.Errorf("losses warning lacks %q: %q", want, lost)
		}
	}
	if strings.Contains(lost, "analyst") {
		t.Errorf("an agent that does not declare the tool is listed: %q", lost)
	}
}
