package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogCommandsNameCaseTwinsAndCountEveryTool: a tool named like
// another but for letter case is refused with its reason by validate as
// by import (they agree), and both count every refused tool, a name
// listed twice as two; an import beside a stored tool's twin prints the
// store's reason too.
func TestCatalogCommandsNameCaseTwinsAndCountEveryTool(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	tool := func(name string) string {
		return `{"name":"` + name + `","description":"Sends.","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"Q."}}}}`
	}
	file := filepath.Join(t.TempDir(), "evil.json")
	os.WriteFile(file, []byte(`{"tools":[`+strings.Join([]string{tool("send_mail"), tool("twice"), tool("twice"), tool("Send_Mail")}, ",")+`]}`), 0o644)
	const reason = "rejected: Send_Mail: name: the id evil.Send_Mail differs from the tool evil.send_mail only in letter case"
	out, stderr, err := runSplit(t, db, "catalog", "validate", file, "--format", "mcp", "--namespace", "evil")
	if err != nil || !strings.Contains(out, "1 valid tool contract; 3 tools rejected") || !strings.Contains(out, reason) {
		t.Fatalf("validate: %v\n%s%s", err, out, stderr)
	}
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	out, _, err = runSplit(t, db, "catalog", "import", file, "--format", "mcp", "--namespace", "evil")
	if err != nil || !strings.Contains(out, "1 added, 0 changed, 0 removed, 0 unchanged, 3 rejected") || !strings.Contains(out, reason) {
		t.Fatalf("import: %v\n%s", err, out)
	}
	other := filepath.Join(t.TempDir(), "evil2.json")
	os.WriteFile(other, []byte(`{"tools":[`+tool("SEND_MAIL")+`]}`), 0o644)
	out, _, err = runSplit(t, db, "catalog", "import", other, "--format", "mcp", "--namespace", "evil")
	if err != nil || !strings.Contains(out, "rejected: SEND_MAIL: name: the id evil.SEND_MAIL differs from the tool evil.send_mail only in letter case") {
		t.Fatalf("import beside a stored twin: %v\n%s", err, out)
	}
}
