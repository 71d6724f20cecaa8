package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// TestComposeSaysWhyADeclaredToolDropped: after a re-import
// changes a tool an agent declares, console compose says it dropped and
// why — back in review, not "not granted" — on stderr beside the text,
// with the very reason --json reports (the one resolver the API and the
// forge read too).
func TestComposeSaysWhyADeclaredToolDropped(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	if _, _, err := runCLISplit(t, db, "migrate"); err != nil { // the database (read commands create none: #12)
		t.Fatal(err)
	}
	if _, _, err := runCLISplit(t, db, "connection", "list"); err != nil { // a first start: the demo agents
		t.Fatal(err)
	}
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	const tool = "github.search_issues"
	cs := catalogtest.GitHub(t)
	if _, err := store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	seen, _ := store.ToolDigests(ctx, []string{tool})
	if _, err := store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	a, err := store.AgentBySlug(ctx, "dev-helper")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	ts, _ := store.Tools(ctx)
	for _, tl := range ts {
		known[tl.ID] = true
	}
	if _, err := store.UpdateAgent(ctx, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description,
		Declared: append(a.Declared(), tool), Services: a.Services()}, known); err != nil {
		t.Fatal(err)
	}
	for i := range cs {
		if cs[i].ID == tool {
			cs[i].Purpose += " Now also searches discussions."
		}
	}
	if _, err := store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	store.Close()

	args := []string{"compose", "--agent", "dev-helper", "--subject-groups", models.DemoContractors}
	js, _, err := runCLISplit(t, db, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Dropped []struct{ ID, Set, Reason string }
	}
	if err := json.Unmarshal([]byte(js), &p); err != nil {
		t.Fatal(err)
	}
	why := ""
	for _, d := range p.Dropped {
		if d.ID == tool {
			why = d.Reason
		}
	}
	if !strings.Contains(why, "back in review") {
		t.Fatalf("--json drops %s as %q, want back in review", tool, why)
	}
	_, stderr, err := runCLISplit(t, db, args...)
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, tool) {
			line = l
		}
	}
	if !strings.HasPrefix(line, "dropped: ") || !strings.Contains(line, why) || strings.Contains(line, "granted") {
		t.Errorf("stderr says of %s %q, want its reason %q:\n%s", tool, line, why, stderr)
	}
}
