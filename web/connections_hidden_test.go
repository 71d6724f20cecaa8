package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestConnectionsPageShowsServerTextEscaped: a failed sync's error (a
// server's text) is shown on the Connections page with its bidi
// overrides and zero-width characters escaped.
func TestConnectionsPageShowsServerTextEscaped(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	if _, err := h.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "bidic", URL: "http://127.0.0.1:1/mcp"}); err != nil {
		t.Fatal(err)
	}
	if err := h.store.RecordSync(ctx, "admin", "bidic", models.SyncResult{Err: "server said ok\u202edeliaf\u200b done"}); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/connections")
	text := d.Text()
	if strings.ContainsAny(text, "\u202e\u200b") || !strings.Contains(text, `ok\u202edeliaf\u200b done`) {
		t.Errorf("/connections shows the server's text raw")
	}
}
