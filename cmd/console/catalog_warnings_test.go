package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestCatalogCommandsShowImportWarnings: validate, import and render of a
// real server's file (the official filesystem server, verbatim) succeed and
// print one warning per parameter without a description; render keeps its
// stdout the exact rendering and puts the warnings on stderr.
func TestCatalogCommandsShowImportWarnings(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	file := "../../catalog/testdata/servers/mcp-server-filesystem.tools.json"
	warnings := func(s string) int { return strings.Count(s, "warning: ") }
	out, stderr, err := runSplit(t, db, "catalog", "validate", file, "--format", "mcp", "--namespace", "filesystem")
	if err != nil || !strings.Contains(out, "14 valid tool contracts") || warnings(out) != 18 || stderr != "" {
		t.Fatalf("validate: %v\n%s%s", err, out, stderr)
	}
	if !strings.Contains(out, "warning: read_file: inputSchema.path: has no description") {
		t.Errorf("validate's warnings do not name tool and field:\n%s", out)
	}
	out, stderr, err = runSplit(t, db, "catalog", "render", file, "--format", "mcp", "--namespace", "filesystem", "--form", catalog.FormCompact)
	if err != nil || warnings(out) != 0 || warnings(stderr) != 18 || !strings.Contains(out, "  returns (no other properties):\n   content (string, required)\n") {
		t.Fatalf("render: %v\nstdout:\n%s\nstderr:\n%s", err, out, stderr)
	}
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	out, _, err = runSplit(t, db, "catalog", "import", file, "--format", "mcp", "--namespace", "filesystem")
	if err != nil || !strings.Contains(out, "14 added") || warnings(out) != 18 {
		t.Fatalf("import: %v\n%s", err, out)
	}
}
