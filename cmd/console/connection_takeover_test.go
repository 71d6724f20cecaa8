package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// legacyTools is a tools/list file of one tool the test servers do not list.
const legacyTools = `{"tools":[{"name":"legacy_lookup","description":"Looks up a legacy record by its identifier and returns its fields.","inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"The record's identifier."}},"required":["id"]}}]}`

// TestConnectionAddOverImportedNamespaceCLI: `connection add NAME` where
// NAME is a namespace of tools imported from a file is refused (exit 1,
// naming --take-over and the count), nothing removed; with --take-over
// the server's tools replace them (it used to say "12 removed" and
// exit 0).
func TestConnectionAddOverImportedNamespaceCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	file := filepath.Join(t.TempDir(), "legacy.json")
	if err := os.WriteFile(file, []byte(legacyTools), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, db, "catalog", "import", file, "--format", "mcp", "--namespace", "up", "--as", "admin"); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	up := upstreamtest.New()
	defer up.Close()
	out, err := runCLI(t, db, "connection", "add", "up", "--url", up.URL, "--as", "admin")
	if err == nil || !strings.Contains(err.Error(), `namespace "up" holds 1 tool imported from a file`) || !strings.Contains(err.Error(), "--take-over") {
		t.Fatalf("add over an imported namespace: %v\n%s", err, out)
	}
	if out, _ := runCLI(t, db, "connection", "list"); strings.Contains(out, "up\t") {
		t.Fatalf("a refused add left a connection:\n%s", out)
	}
	out, err = runCLI(t, db, "connection", "add", "up", "--url", up.URL, "--take-over", "--as", "admin")
	if err != nil || !strings.Contains(out, "3 added, 0 changed, 1 removed") {
		t.Fatalf("add --take-over: %v\n%s", err, out)
	}
	if _, err := runCLI(t, db, "connection", "sync", "up", "--take-over", "--as", "admin"); err == nil || !strings.Contains(err.Error(), "--take-over is for connection add") {
		t.Errorf("sync --take-over: %v", err)
	}
}
