package web

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// TestTheAddFormTakesAPlainEnvironment: the Connections page's add form
// has a field for plain environment values (the CLI's --env-plain): the
// server gets them, the page shows them; a bad line or a value that reads
// as a credential is refused naming the field, with nothing saved and the
// secret field's value never echoed back.
func TestTheAddFormTakesAPlainEnvironment(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	admin := h.login("admin", adminPassword)
	_, d := admin.get("/connections")
	if d.Find(`[data-testid="connection-form"] textarea[name="env_plain"]`).Length() != 1 {
		t.Fatal("the add form has no plain environment field")
	}
	graph := filepath.Join(t.TempDir(), "memory.jsonl")
	for _, bad := range []string{"no equals sign", "API_TOKEN=ghp_" + strings.Repeat("a1B2", 9)} {
		res, d := admin.post("/connections", url.Values{"name": {"mem"}, "command": {"node " + entry}, "env": {"SERVICE_TOKEN=tok-secret-value-9"}, "env_plain": {bad}})
		if res.StatusCode != http.StatusUnprocessableEntity || d.Find(`[data-testid="error-env_plain"]`).Length() != 1 {
			t.Errorf("plain env %q: %d, error %q", bad, res.StatusCode, d.Find(".errors").Text())
		}
		if strings.Contains(d.Text(), "tok-secret-value-9") {
			t.Error("a refused form echoes a secret value")
		}
	}
	if _, err := h.store.ConnectionByName(context.Background(), "mem"); err == nil {
		t.Fatal("a refused add saved the connection")
	}
	if res, d := admin.post("/connections", url.Values{"name": {"mem"}, "command": {"node " + entry}, "env_plain": {"MEMORY_FILE_PATH=" + graph}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d %s", res.StatusCode, d.Find(".errors").Text())
	}
	c, err := h.store.ConnectionByName(context.Background(), "mem")
	if err != nil || c.PlainEnvVars()["MEMORY_FILE_PATH"] != graph {
		t.Fatalf("stored plain env: %v %v", c, err)
	}
	_, d = admin.get("/connections")
	if got := d.Find(`[data-testid="connection-env"]`).Text(); !strings.Contains(got, "MEMORY_FILE_PATH="+graph) {
		t.Errorf("the page shows %q", got)
	}
}
