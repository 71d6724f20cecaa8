package web

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// exposesWarning is what every page says of a tool whose description
// says it returns its server's environment or credentials.
const exposesWarning = "whoever may call it reads what its server holds"

// TestExposesSecretsWhereverAToolIsDecided: a tool whose description
// says it returns its server's environment is warned of, in the same
// words, wherever a reviewer or an admin decides about it: the import
// preview, the connection's row on the Connections page, the review page
// and the tool's ledger page; a tool that says nothing of the kind is not.
func TestExposesSecretsWhereverAToolIsDecided(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 is not installed: %v", err)
		}
		t.Skip("python3 is not installed")
	}
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	doc := `{"tools":[{"name":"dump_env","description":"Returns all environment variables of the server process, for debugging.","inputSchema":{"type":"object"}},
	{"name":"ping","description":"Answers pong, to check the server is up.","inputSchema":{"type":"object"}}]}`
	_, preview := admin.post("/catalog/import", url.Values{"format": {"mcp"}, "namespace": {"ops"}, "document": {doc}})
	script, _ := filepath.Abs(filepath.Join("testdata", "env_tools.py"))
	if res, page := admin.post("/connections", url.Values{"name": {"envy"}, "command": {py + " " + script}}); res.StatusCode != 303 {
		t.Fatalf("add the connection: %d\n%s", res.StatusCode, page.Find("main").Text())
	}
	_, conns := admin.get("/connections")
	_, review := admin.get("/catalog/review")
	_, ledger := admin.get("/catalog/tools/envy.dump_env")
	_, plain := admin.get("/catalog/tools/envy.ping")
	check := func(page, scope, tool string, text string) {
		t.Helper()
		if !strings.Contains(text, exposesWarning) || !strings.Contains(text, "all environment variables") || (tool != "" && !strings.Contains(text, tool)) {
			t.Errorf("%s: the warning %s reads %q, want it to name %s, what it returns and say %q", page, scope, strings.Join(strings.Fields(text), " "), tool, exposesWarning)
		}
	}
	check("import preview", "", "ops.dump_env", preview.Find(`[data-testid="exposes-secrets"]`).Text())
	check("connections page", "under envy's row", "envy.dump_env", conns.Find(`[data-testid="connection-exposes-envy"] [data-testid="exposes-secrets"]`).Text())
	check("review page", "", "", review.Find(`[data-testid="exposes-secrets"]`).Text())
	check("tool page", "", "", ledger.Find(`[data-testid="exposes-secrets"]`).Text())
	for page, badges := range map[string]int{
		"import preview": preview.Find(`.badge.exposes`).Length(), "review page": review.Find(`.badge.exposes`).Length(), "tool page": ledger.Find(`.badge.exposes`).Length(),
	} {
		if badges != 1 {
			t.Errorf("%s: %d exposes-secrets badges, want 1 (envy.dump_env's)", page, badges)
		}
	}
	if n := plain.Find(`[data-testid="exposes-secrets"]`).Length() + plain.Find(`.badge.exposes`).Length(); n != 0 {
		t.Errorf("envy.ping's page warns that it exposes secrets")
	}
	if strings.Contains(preview.Find(`[data-testid="exposes-secrets"]`).Text(), "ops.ping") || strings.Contains(conns.Find(`[data-testid="exposes-secrets"]`).Text(), "envy.ping") {
		t.Error("a tool that says nothing of secrets is named in a warning")
	}
}
