package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogCommandsRejectOneToolAndKeepTheRest: a server file with one
// tool the importer refuses validates, renders and imports its other
// tools, naming the refused one and why; the refused tool is a
// rejected ledger entry. --strict refuses the whole file, storing nothing.
func TestCatalogCommandsRejectOneToolAndKeepTheRest(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	file := filepath.Join(t.TempDir(), "acme.json")
	os.WriteFile(file, []byte(`{"tools":[
	{"name":"ok","description":"Lists.","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"Q.","optional":true}}}},
	{"name":"bad","description":"Breaks.","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":5,"maximum":1}}}}]}`), 0o644)
	const reason = "rejected: bad: inputSchema.n.minimum: 5 is above the maximum"
	out, stderr, err := runSplit(t, db, "catalog", "validate", file, "--format", "mcp", "--namespace", "acme")
	if err != nil || !strings.Contains(out, "1 valid tool contract; 1 tool rejected") || !strings.Contains(out, reason) || stderr != "" {
		t.Fatalf("validate: %v\n%s%s", err, out, stderr)
	}
	if !strings.Contains(out, `warning: ok: inputSchema.q.optional: non-standard keyword "optional"`) {
		t.Errorf("no non-standard warning:\n%s", out)
	}
	out, stderr, err = runSplit(t, db, "catalog", "render", file, "--format", "mcp", "--namespace", "acme")
	if err != nil || !strings.Contains(out, "### acme.ok") || strings.Contains(out, "acme.bad") || !strings.Contains(stderr, reason) {
		t.Fatalf("render: %v\nstdout:\n%s\nstderr:\n%s", err, out, stderr)
	}
	if !strings.Contains(out, `non-standard "optional": true`) {
		t.Errorf("optional not rendered verbatim:\n%s", out)
	}
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	var ee *exitError
	out, _, err = runSplit(t, db, "catalog", "import", file, "--format", "mcp", "--namespace", "acme", "--strict")
	if !errors.As(err, &ee) || ee.code != 1 || !strings.Contains(err.Error(), "1 problem; nothing was imported") {
		t.Fatalf("strict import: %v\n%s", err, out)
	}
	out, _, err = runSplit(t, db, "catalog", "import", file, "--format", "mcp", "--namespace", "acme")
	if err != nil || !strings.Contains(out, "1 added, 0 changed, 0 removed, 0 unchanged, 1 rejected") || !strings.Contains(out, reason) {
		t.Fatalf("import: %v\n%s", err, out)
	}
}
