package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/models"
)

// githubAvailable imports the GitHub fixture into db and makes its tools
// available, as an admin and a reviewer would.
func githubAvailable(t *testing.T, db string) {
	t.Helper()
	mustMigrate(t, db) // only serve, migrate and restore create one
	t.Setenv("USER", "importer")
	if out, err := runCLI(t, db, "catalog", "import", "../../catalog/testdata/github-mcp-server.tools.json", "--format", "mcp", "--namespace", "github"); err != nil {
		t.Fatal(err, out)
	}
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tools, err := store.Tools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, tl := range tools {
		if tl.Namespace == "github" {
			seen[tl.ID] = tl.Digest
		}
	}
	// imported as admin (CONSOLE_ACTOR): another reviewer makes them available
	if _, err := store.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
}

// TestEvalCLIFlagCombinations: --services without --tools brings the
// service's available tools beside the native ones (the project's own case
// set then measures as the search test does); a service with no available
// tool, pins without deferred mode and a second file are refused naming
// what is wrong, never silently measured as something else.
func TestEvalCLIFlagCombinations(t *testing.T) {
	dir := t.TempDir()
	db, file := filepath.Join(dir, "e.db"), filepath.Join(dir, "cases.yaml")
	os.WriteFile(file, []byte(evalSuite), 0o600)
	githubAvailable(t, db)

	out, err := runCLI(t, db, "eval", file, "--services", "github", "--json")
	if err != nil {
		t.Fatal(err, out)
	}
	var r eval.Report
	json.Unmarshal([]byte(out), &r)
	if len(r.Cases) != 4 || r.Cases[2].Tools[0].Where != eval.FirstStep || r.Cases[0].Tools[0].Where != eval.FirstStep {
		t.Errorf("--services github alone should list GitHub's tools beside the native ones: %s", out)
	}
	out, err = runCLI(t, db, "eval", file, "--services", "github", "--deferred", "--json")
	json.Unmarshal([]byte(out), &r)
	if err != nil || r.Cases[2].Tools[0].Where != eval.Search {
		t.Errorf("--services github --deferred: %v %s", err, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", file, "--services", "nosuch"}, "--services"},
		{[]string{"eval", file, "--tools", "exec", "--services", "github,nosuch"}, "nosuch"},
		{[]string{"eval", file, "--pins", "read_file"}, "--pins"},
		{[]string{"eval", file, "--agent", "analyst", "--pins", "render_chart"}, "--deferred"},
		{[]string{"eval", file, "--json", "other.yaml"}, "other.yaml"},
		{[]string{"eval", file, "--tools", "github.*"}, "not in services"},
	} {
		_, err := runCLI(t, db, tc.args...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want exit 2 naming %s", tc.args[2:], err, tc.want)
		}
	}
	// a roster field the file gives is named as the file's, not as a flag
	// the user never typed
	withPins, withTools := filepath.Join(dir, "pins.yaml"), filepath.Join(dir, "tools.yaml")
	os.WriteFile(withPins, []byte("agent: analyst\ndeferred: true\npins: [render_chart]\n"+strings.TrimPrefix(evalSuite, "k: 5\n")), 0o600)
	os.WriteFile(withTools, []byte("tools: [exec, nosuch]\n"+evalSuite), 0o600)
	for _, tc := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"eval", withPins, "--deferred=false"}, "pins.yaml: pins", "--pins"},
		{[]string{"eval", withTools}, "tools.yaml: tools", "--tools"},
		{[]string{"eval", withTools, "--tools", "exec,ghost"}, "--tools", "tools.yaml"},
	} {
		_, err := runCLI(t, db, tc.args...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), tc.not) {
			t.Errorf("%v: %v, want exit 2 naming %q, not %q", tc.args[2:], err, tc.want, tc.not)
		}
	}
	// pins in deferred mode, from the flags or the agent's profile, stand
	if out, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--deferred", "--pins", "render_chart"); err != nil {
		t.Errorf("pins with --deferred: %v %s", err, out)
	}
}
