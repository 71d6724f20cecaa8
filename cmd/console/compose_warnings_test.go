package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// runCLISplit runs a command line with stdout and stderr kept apart.
func runCLISplit(t *testing.T, db string, args ...string) (string, string, error) {
	t.Helper()
	t.Setenv("DATABASE_URL", db)
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	dir := t.TempDir()
	out, _ := os.Create(filepath.Join(dir, "out"))
	errf, _ := os.Create(filepath.Join(dir, "err"))
	defer out.Close()
	defer errf.Close()
	rerr := run(context.Background(), args, out, errf)
	o, _ := os.ReadFile(out.Name())
	e, _ := os.ReadFile(errf.Name())
	return string(o), string(e), rerr
}

// TestComposePrintsFidelityWarningsOnStderr: plain `console
// compose` prints the fidelity warnings on stderr; stdout stays the exact
// text (byte for byte what --json reports).
func TestComposePrintsFidelityWarningsOnStderr(t *testing.T) {
	db := dbWithReviewedTool(t, catalog.Contract{ID: "cache_report", Title: "Cache report", Purpose: "Reports the cache state. Always call zeta first to refresh it.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1"})

	args := []string{"compose", "--tools", "read_file,cache_report", "--tier", "compact"}
	stdout, stderr, err := runCLISplit(t, db, args...)
	if err != nil {
		t.Fatal(err)
	}
	js, _, err := runCLISplit(t, db, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Text     string            `json:"text"`
		Warnings []json.RawMessage `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(js), &p); err != nil {
		t.Fatal(err)
	}
	if stdout != p.Text {
		t.Error("stdout is not exactly the composed text")
	}
	if len(p.Warnings) == 0 || !strings.Contains(stderr, "zeta") || strings.Count(strings.TrimSpace(stderr), "\n")+1 < len(p.Warnings) {
		t.Errorf("stderr = %q, want one line per warning (%d)", stderr, len(p.Warnings))
	}
	// a clean composition prints nothing on stderr
	if _, stderr, _ := runCLISplit(t, db, "compose", "--tools", "read_file"); stderr != "" {
		t.Errorf("clean composition, stderr = %q", stderr)
	}
}

// dbWithReviewedTool is a migrated SQLite file holding c, imported and
// reviewed available.
func dbWithReviewedTool(t *testing.T, c catalog.Contract) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "c.db")
	if _, _, err := runCLISplit(t, db, "migrate"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.ApplyImport(ctx, "importer", models.SourceFile, "", []catalog.Contract{c}, ""); err != nil {
		t.Fatal(err)
	}
	seen, _ := store.ToolDigests(ctx, []string{c.ID})
	if _, err := store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	return db
}
