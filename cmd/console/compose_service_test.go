package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestComposeSaysWhyAServiceHasNoTools: "ns.*" for a service none of whose
// tools is available (never imported, or imported and awaiting review)
// names the field and says both possibilities, instead of calling a
// service the console knows "unknown".
func TestComposeSaysWhyAServiceHasNoTools(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	if out, err := runCLI(t, db, "catalog", "import", "../../catalog/testdata/github-mcp-server.tools.json", "--format", "mcp", "--namespace", "github"); err != nil {
		t.Fatal(err, out)
	}
	for _, ns := range []string{"github", "ghost"} {
		_, err := runCLI(t, db, "compose", "--tools", ns+".*", "--services", ns)
		if err == nil || !strings.Contains(err.Error(), "tools") || !strings.Contains(err.Error(), "no available tool") ||
			!strings.Contains(err.Error(), "awaiting review") || strings.Contains(err.Error(), "unknown service") {
			t.Errorf("%s.*: %v, want the tools field and why the service has no available tool", ns, err)
		}
	}
}
