package web

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsPageSwitchesTransport: a connection's Edit form offers
// both a command and a URL whatever the connection is now; giving the
// other one switches it (the URL typed with the command left as shown is
// a switch, not "both"), re-probing first: a switch to a server that does
// not answer is a 422 naming the field with nothing changed. The secrets
// of the other kind are dropped, named in the flash, never shown.
func TestConnectionsPageSwitchesTransport(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	up := upstreamtest.New()
	defer up.Close()
	ctx := context.Background()
	admin := h.login("admin", adminPassword)
	graph := filepath.Join(t.TempDir(), "memory.jsonl")
	command := "node " + entry
	if res, doc := admin.post("/connections", url.Values{"name": {"mem"}, "command": {command}, "env": {"MEMORY_FILE_PATH=" + graph}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d %s", res.StatusCode, doc.Find(".errors").Text())
	}
	_, doc := admin.get("/connections")
	form := doc.Find(`[data-testid="connection-edit-mem"] form`)
	if v, _ := form.Find(`input[name="command"]`).Attr("value"); v != command || form.Find(`input[name="url"]`).Length() != 1 || form.Find(`textarea[name="headers"]`).Length() != 1 {
		t.Fatalf("the edit form of a command connection: command %q, a URL input %d, a headers box %d", v, form.Find(`input[name="url"]`).Length(), form.Find(`textarea[name="headers"]`).Length())
	}
	res, doc := admin.post("/connections/mem/edit", url.Values{"command": {command}, "url": {"http://127.0.0.1:1/mcp"}})
	if got := doc.Find(`[data-testid="connection-edit-mem"] [data-testid="edit-error-url"]`).Text(); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(got, "nothing was changed") {
		t.Errorf("a switch to a server that does not answer: %d, url error %q", res.StatusCode, got)
	}
	if conn, _ := h.store.ConnectionByName(ctx, "mem"); conn.Transport != models.TransportStdio || conn.SecretNames != "env MEMORY_FILE_PATH" {
		t.Fatalf("a refused switch changed the connection: %s %q", conn.Transport, conn.SecretNames)
	}
	res, _ = admin.post("/connections/mem/edit", url.Values{"command": {command}, "url": {up.URL}, "headers": {"X-Api-Key=k-web-5150"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("switch to the URL: %d", res.StatusCode)
	}
	_, doc = admin.get("/connections")
	html, _ := doc.Html()
	flash := doc.Find(".flash").Text()
	if !strings.Contains(flash, "Changed mem: now a URL server; dropped env MEMORY_FILE_PATH (environment is for command servers).") || !strings.Contains(flash, "3 tools added") ||
		strings.Contains(html, "k-web-5150") || strings.Contains(html, graph) {
		t.Errorf("after the switch: flash %q", flash)
	}
	if up.Header().Get("X-Api-Key") != "k-web-5150" {
		t.Errorf("the URL server got X-Api-Key %q", up.Header().Get("X-Api-Key"))
	}
	form = doc.Find(`[data-testid="connection-edit-mem"] form`)
	if v, _ := form.Find(`input[name="url"]`).Attr("value"); v != up.URL || form.Find(`input[name="command"]`).Length() != 1 {
		t.Errorf("the edit form of the URL connection: url %q, a command input %d", v, form.Find(`input[name="command"]`).Length())
	}
	res, _ = admin.post("/connections/mem/edit", url.Values{"command": {command}, "url": {up.URL}, "env": {"MEMORY_FILE_PATH=" + graph}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("switch back to the command: %d", res.StatusCode)
	}
	if _, doc = admin.get("/connections"); !strings.Contains(doc.Find(".flash").Text(), "now a command server; dropped header X-Api-Key") {
		t.Errorf("after switching back: %q", doc.Find(".flash").Text())
	}
	if conn, _ := h.store.ConnectionByName(ctx, "mem"); conn.Transport != models.TransportStdio || conn.SecretNames != "env MEMORY_FILE_PATH" || conn.Tools != 9 {
		t.Errorf("after switching back: %s %q %d tools", conn.Transport, conn.SecretNames, conn.Tools)
	}
}
