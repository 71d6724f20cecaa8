package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsPage: an admin adds a server on the page (it syncs at
// once), sees its status, counts and the names of its secrets, never
// their values, syncs it again, and a bad form is a 422 naming the field.
func TestConnectionsPage(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	up := upstreamtest.New()
	defer up.Close()
	admin := h.login("admin", adminPassword)
	if res, doc := admin.get("/connections"); res.StatusCode != http.StatusOK || doc.Find(`[data-testid="connections-empty"]`).Length() != 1 {
		t.Fatalf("empty page: %d", res.StatusCode)
	}
	if res, doc := admin.post("/connections", url.Values{"name": {"Bad Name"}, "url": {up.URL}}); res.StatusCode != http.StatusUnprocessableEntity || doc.Find(`[data-testid="error-name"]`).Length() != 1 {
		t.Errorf("a bad name: %d", res.StatusCode)
	}
	if res, _ := admin.post("/connections", url.Values{"name": {"demo"}, "url": {up.URL}, "headers": {"X-Key=zz-secret-991"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d", res.StatusCode)
	}
	if up.Header().Get("X-Key") != "zz-secret-991" {
		t.Error("the header did not reach the server")
	}
	res, doc := admin.get("/connections")
	if !strings.Contains(doc.Text(), "Synced demo: 3 tools listed; 3 tools added") || !strings.Contains(doc.Text(), "await review") {
		t.Errorf("no flash after the add: %s", doc.Find(".flash").Text())
	}
	row := doc.Find(`[data-testid="connection-demo"]`)
	html, _ := doc.Html()
	if res.StatusCode != http.StatusOK || row.Find(`[data-testid="connection-status"]`).Text() != "ok" || !strings.Contains(row.Text(), "header X-Key") || strings.Contains(html, "zz-secret-991") {
		t.Errorf("page row: %q", row.Text())
	}
	if res, _ := admin.post("/connections/demo/sync", nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("sync: %d", res.StatusCode)
	}
	if _, doc := admin.get("/connections"); !strings.Contains(doc.Find(".flash").Text(), "3 tools listed; 0 tools added") || strings.Contains(doc.Find(".flash").Text(), "await review") {
		t.Errorf("sync flash: %s", doc.Find(".flash").Text())
	}
	if res, _ := admin.post("/connections", url.Values{"name": {"demo"}, "url": {up.URL}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("a second demo: %d", res.StatusCode)
	}
	if res, _ := admin.post("/connections/ghost/sync", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("sync of no connection: %d", res.StatusCode)
	}
}

// TestConnectionsPageAddRefusedWhenProbeFails: the Add form of a server
// that does not start is a 422 naming the command with the tail of the
// server's stderr (never an env value), and nothing is saved.
func TestConnectionsPageAddRefusedWhenProbeFails(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	admin := h.login("admin", adminPassword)
	cmd := `sh -c "echo Error: Cannot find module /nonexistent.js $TOKEN >&2; exit 1"`
	res, doc := admin.post("/connections", url.Values{"name": {"broken"}, "command": {cmd}, "env": {"TOKEN=tok-77zz11"}})
	msg := doc.Find(`[data-testid="error-command"]`).Text()
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(msg, "Cannot find module /nonexistent.js") {
		t.Errorf("add of a broken server: %d, command error %q", res.StatusCode, msg)
	}
	if html, _ := doc.Html(); strings.Contains(html, "tok-77zz11") {
		t.Error("the page shows an env value")
	}
	if cs, err := h.store.Connections(context.Background()); err != nil || len(cs) != 0 {
		t.Errorf("a refused add saved %d connections (%v)", len(cs), err)
	}
}

// fitGateway gives the fit test's pages gateway data: a connection with a
// long command that failed its last sync, and a call the gateway made in
// the run fit-run.
func fitGateway(t *testing.T, h *harness) {
	t.Helper()
	ctx := context.Background()
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	long := []string{"node", "/opt/mcp/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", "/srv/projects/a-rather-long-workspace-path", "--read-only"}
	if _, err := h.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "files", Command: long, Env: map[string]string{"API_TOKEN": "x"}}); err != nil {
		t.Fatal(err)
	}
	if err := h.store.RecordSync(ctx, "admin", "files", models.SyncResult{Err: "upstream files is unavailable (exec: \"node\": executable file not found in $PATH)"}); err != nil {
		t.Fatal(err)
	}
	// the new user's page at 1024 px: an env secret with a long name and
	// a long start error pushed the Sync button out of the panel
	mem := []string{"node", "/home/someone/projects/console/mcp/node_modules/@modelcontextprotocol/server-memory/dist/index.js"}
	if _, err := h.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "memory", Command: mem, Env: map[string]string{"MEMORY_FILE_PATH": "/tmp/m.jsonl", "ANOTHER_RATHER_LONG_SECRET_NAME": "y"}}); err != nil {
		t.Fatal(err)
	}
	if err := h.store.RecordSync(ctx, "admin", "memory", models.SyncResult{Err: "upstream memory is unavailable (connection closed: calling \"initialize\": client is closing: EOF; the server's stderr ends: node:internal/modules/cjs/loader:1228 | throw err; | Error: Cannot find module '/home/someone/projects/console/mcp/node_modules/@modelcontextprotocol/server-memory/dist/index.js')"}); err != nil {
		t.Fatal(err)
	}
	ev := models.RunEvent{Run: "fit-run", Kind: models.RunCall, Agent: "analyst", Step: 1, Surface: strings.Repeat("a", 64), Tool: "files.read_text_file", Verdict: "active",
		Digest: strings.Repeat("b", 64), CallStatus: "ok", LatencyUS: 1834, ResultBytes: 48213}
	if err := h.store.SaveRunEvents(ctx, []models.RunEvent{ev}); err != nil {
		t.Fatal(err)
	}
}

// TestForgeMarksServedServices: the forge marks a service an MCP
// connection serves (the gateway can call its tools), and no other.
func TestForgeMarksServedServices(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	h.gatewayFixture("demo", up.URL, true)
	_, doc := h.login("admin", adminPassword).get("/forge?agent=helper&profile=gw")
	if doc.Find(`[data-testid="served-demo"]`).Length() != 1 {
		t.Error("the forge does not mark the connected service demo")
	}
	if n := doc.Find(`[data-testid^="served-"]`).Not(`[data-testid^="served-tool-"]`).Length(); n != 1 {
		t.Errorf("%d services marked, want only demo", n)
	}
	// each tool row the gateway serves is marked, and no other row: the
	// demo tools here, none of the analyst's built-in tools
	marked := func(doc *goquery.Document) (rows, marked []string) {
		doc.Find(`[data-testid^="lever-tool:"]`).Each(func(_ int, r *goquery.Selection) {
			id, _ := r.Attr("data-testid")
			id = strings.TrimPrefix(id, "lever-tool:")
			rows = append(rows, id)
			if r.Find(`[data-testid="served-tool-`+id+`"]`).Length() == 1 {
				marked = append(marked, id)
			}
		})
		return rows, marked
	}
	if rows, got := marked(doc); !slices.Equal(got, []string{"demo.echo", "demo.remember", "demo.slow"}) {
		t.Errorf("served rows %v of %v, want every demo tool", got, rows)
	}
	_, doc = h.login("admin", adminPassword).get("/forge?agent=analyst")
	if rows, got := marked(doc); len(rows) < 5 || len(got) != 0 {
		t.Errorf("served rows %v of %v, want none (no connection serves a built-in tool)", got, rows)
	}
}
