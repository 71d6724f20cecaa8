package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestAnAgentOfBuiltinsSaysWhyMCPServesIt: the demo's analyst declares
// only built-in tools, which no connection serves. Its gateway session
// is told why (initialize's instructions: none of its tools is served
// by a connection, built-ins are its own runtime's), the log says it at
// WARN for the admin, and its agent page and the forge's runtime form
// say the same; an agent whose tools a connection serves is told none
// of it.
func TestAnAgentOfBuiltinsSaysWhyMCPServesIt(t *testing.T) {
	store, _ := modelstest.OpenURL(t, modelstest.Dialect{Name: models.DialectSQLite})
	if _, err := store.Bootstrap(context.Background(), adminPassword, runtime.SeedTotals(sharedMeter)); err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/mcp/analyst", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+h.runtimeKey())
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	ctx := context.Background()
	ac, err := app.loadAgentContext(ctx, "analyst", "")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := app.snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := len(declaredOf(ac, snap))
	told := notServedTold(n)
	if !strings.Contains(string(b), noToolsSentence) || !strings.Contains(string(b), told) {
		t.Errorf("initialize of /mcp/analyst does not say why it has no tools (%q):\n%s", told, b)
	}
	warned := false
	for _, line := range strings.Split(logs.String(), "\n") {
		warned = warned || strings.Contains(line, "level=WARN") && strings.Contains(line, "reason="+noToolsNotServed) && strings.Contains(line, "agent=analyst")
	}
	if !warned {
		t.Errorf("the log has no WARN naming the reason:\n%s", logs.String())
	}
	c := h.login("admin", adminPassword)
	for _, k := range []struct{ path, sel string }{
		{"/agents/analyst", `[data-testid="agent-mcp-note"]`},
		{"/forge?agent=analyst", `[data-testid="forge-note"]`},
	} {
		_, d := c.get(k.path)
		if got := d.Find(k.sel).Text(); !strings.Contains(got, "none of its "+plural.Count(n, "tool")+" is served by an MCP connection") || !strings.Contains(got, "own runtime") {
			t.Errorf("%s does not say why MCP serves the agent no tool: %q", k.path, got)
		}
	}
}
