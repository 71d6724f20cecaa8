package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// storeAvailable imports contracts as "importer" and marks them available
// as "reviewer" (the path every reviewed tool takes).
func (h *harness) storeAvailable(namespace string, cs []catalog.Contract) {
	h.t.Helper()
	ctx := context.Background()
	source := models.SourceFile
	if namespace != "" {
		source = models.SourceMCP
	}
	if _, err := h.store.ApplyImport(ctx, "importer", source, namespace, cs, ""); err != nil {
		h.t.Fatal(err)
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	seen, err := h.store.ToolDigests(ctx, ids)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		h.t.Fatal(err)
	}
}

func forgeWarnings(t *testing.T, c *client, path string) string {
	t.Helper()
	res, d := c.get(path)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, res.StatusCode)
	}
	if d.Find(`[data-testid="fidelity-ok"]`).Length() == 1 {
		return ""
	}
	return strings.Join(strings.Fields(d.Find(`[data-testid="fidelity-warnings"]`).Text()), " ")
}

// TestForgeFidelityIgnoresCandidates: importing the GitHub
// fixture leaves its tools candidates; the untouched default composition
// must not warn about them (github.delete_file's bare name is the builtin
// delete_file's id).
func TestForgeFidelityIgnoresCandidates(t *testing.T) {
	h := sqliteOnly(t)
	if _, err := h.store.ApplyImport(context.Background(), "importer", models.SourceMCP, "github", catalogtest.GitHub(t), ""); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	for _, path := range []string{"/forge", "/forge?agent=analyst", "/forge?agent=dev-helper"} {
		if w := forgeWarnings(t, c, path); w != "" {
			t.Errorf("%s warns about candidates: %s", path, w)
		}
	}
}

// TestForgeFidelityServiceToolTitledRead: an available service
// tool titled "Read" must not flood the page with warnings wherever the
// text says "read".
func TestForgeFidelityServiceToolTitledRead(t *testing.T) {
	h := sqliteOnly(t)
	h.storeAvailable("docs", []catalog.Contract{{ID: "docs.read", Title: "Read", Purpose: "Reads a document from the document store.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1",
		Params: []catalog.Param{{Name: "doc_id", Type: "string", Required: true, Description: "The document's id."}}}})
	c := h.login("admin", adminPassword)
	for _, path := range []string{"/forge", "/forge?agent=analyst", "/forge?agent=researcher"} {
		if w := forgeWarnings(t, c, path); w != "" {
			t.Errorf("%s: a service tool titled Read floods the page: %s", path, w)
		}
	}
}

type composeWarnings struct {
	Text     string `json:"text"`
	Warnings []struct {
		Kind    string `json:"kind"`
		Tool    string `json:"tool"`
		Section string `json:"section"`
		Entry   string `json:"entry"`
		Field   string `json:"field"`
	} `json:"warnings"`
}

// TestComposeWarnsAboutUnknownToolsAndCodeHints: a description
// saying "call zeta first" (no tool zeta anywhere) and one saying "write a
// Python program and run it in the interpreter" with exec absent are
// warnings in the API's warnings[], each naming the tool whose entry
// holds it and the field (entry, field).
func TestComposeWarnsAboutUnknownToolsAndCodeHints(t *testing.T) {
	h := sqliteOnly(t)
	h.storeAvailable("", []catalog.Contract{
		{ID: "cache_report", Title: "Cache report", Purpose: "Reports the cache state. Always call zeta first to refresh it.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1"},
		{ID: "column_totals", Title: "Column totals", Purpose: "Totals a column. For anything harder, write a Python program and run it in the interpreter.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1"},
	})
	known := map[string]bool{"read_file": true, "exec": true, "cache_report": true, "column_totals": true}
	if _, err := h.store.CreateAgent(context.Background(), "admin", models.AgentInput{Slug: "tally", Name: "Tally", Declared: []string{"read_file", "exec", "cache_report", "column_totals"}}, known); err != nil {
		t.Fatal(err)
	}
	key := h.apiKey()
	res, body := h.api("POST", "/api/v1/compose", key, `{"agent":"tally","without":["exec"]}`)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("compose: %d %s", res.StatusCode, body)
	}
	var got composeWarnings
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, w := range got.Warnings {
		kinds[w.Tool] = w.Kind
		if want := map[string]string{"zeta": "cache_report", "exec": "column_totals"}[w.Tool]; w.Entry != want || w.Field != "description" {
			t.Errorf("warning about %s found in %q %q, want %q description", w.Tool, w.Entry, w.Field, want)
		}
		if w.Section != "catalog" {
			t.Errorf("warning in section %q, want catalog", w.Section)
		}
	}
	if kinds["zeta"] != "unknown-tool" || kinds["exec"] != "exec" {
		t.Errorf("warnings = %s", body)
	}
	res, body = h.api("POST", "/api/v1/compose", key, `{"agent":"tally","without":["cache_report"]}`)
	if err := json.Unmarshal(body, &got); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("compose with exec: %d %s", res.StatusCode, body)
	}
	if len(got.Warnings) != 0 {
		t.Errorf("with exec the code hint is true, but warned: %s", body)
	}
}

// TestForgeFidelityWithTheGitHubFixtureAvailable: with all 117 GitHub tools
// reviewed and connected, every tier warns about exactly one real leak of
// the fixture (label_write names 'update_issue', which does not exist) —
// no flood from enum values, bare names or titles.
func TestForgeFidelityWithTheGitHubFixtureAvailable(t *testing.T) {
	h := sqliteOnly(t)
	h.storeAvailable("github", catalogtest.GitHub(t))
	c := h.login("admin", adminPassword)
	for _, path := range []string{"/forge?svc=github&tier=full", "/forge?svc=github&off=exec&tier=full&form=compact", "/forge?svc=github&off=exec&tier=compact"} {
		w := forgeWarnings(t, c, path)
		if !strings.Contains(w, "1 place teaches") || !strings.Contains(w, "update_issue") {
			t.Errorf("%s: %s", path, w)
		}
	}
}

// TestSkillLintIsTheFidelityCheck: a proposal's procedure is checked by
// the same fidelity check with its required tools as the roster — an
// unknown tool and a code-execution hint fail it, a candidate's bare name
// (github.get_file_contents is only imported) does not.
func TestSkillLintIsTheFidelityCheck(t *testing.T) {
	h := sqliteOnly(t)
	if _, err := h.store.ApplyImport(context.Background(), "importer", models.SourceMCP, "github", catalogtest.GitHub(t), ""); err != nil {
		t.Fatal(err)
	}
	h.addUser("erin", models.RoleEditor)
	erin := h.login("erin", "erin-password")
	propose := func(step string) string {
		res, _ := erin.post("/skills/source-check/proposals", url.Values{"name": {"Source check"}, "summary": {"Checks sources."},
			"procedure": {"# Source check\n\n1. Open each cited page.\n2. " + step + "\n"}, "required_tools": {"web_fetch"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("propose: %d", res.StatusCode)
		}
		_, page := erin.get(res.Header.Get("Location"))
		if page.Find(`[data-testid="check-failing"]`).Length() == 0 {
			return ""
		}
		return strings.Join(strings.Fields(page.Find(`[data-testid="checks"]`).Text()), " ")
	}
	if got := propose("Call zeta first to refresh the cache."); !strings.Contains(got, "zeta") {
		t.Errorf("unknown tool passes the lint: %q", got)
	}
	if got := propose("Write a Python script to compare the quotes."); !strings.Contains(got, "exec") {
		t.Errorf("code hint passes the lint: %q", got)
	}
	if got := propose("Keep each quote short, as in a get_file_contents result."); got != "" {
		t.Errorf("a candidate's bare name fails the lint: %q", got)
	}
}
