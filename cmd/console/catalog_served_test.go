package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestCatalogImportRefusesAConnectionsNamespace: catalog
// import into a namespace a connection serves is refused naming the
// connection (its tools and their reviews stay), as connection add over
// an imported namespace is.
func TestCatalogImportRefusesAConnectionsNamespace(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	up := upstreamtest.New()
	defer up.Close()
	if out, err := runCLI(t, db, "connection", "add", "demo", "--url", up.URL, "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "tools.json")
	doc := `{"tools":[{"name":"legacy_lookup","description":"Looks up a legacy record by its identifier.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}]}`
	if err := os.WriteFile(file, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, db, "catalog", "import", file, "--format", "mcp", "--namespace", "demo", "--as", "admin")
	if err == nil || !strings.Contains(err.Error()+out, "--namespace: namespace \"demo\" is served by connection demo") {
		t.Errorf("import over connection demo: %v\n%s", err, out)
	}
	out, err = runCLI(t, db, "connection", "list")
	if err != nil || !strings.Contains(out, "demo") {
		t.Errorf("connection list: %v\n%s", err, out)
	}
}
