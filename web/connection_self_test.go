package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionToOwnGatewayRefused: a connection whose --url is this
// console's own gateway would call itself in a loop. It is refused with
// an error naming --url: on the form when the URL names the host the
// admin is using, and at the probe whatever name reaches it (another
// address of the same process), because the gateway refuses a request
// carrying this console's own marker. Nothing is saved.
func TestConnectionToOwnGatewayRefused(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	admin := h.login("admin", adminPassword)
	res, doc := admin.post("/connections", url.Values{"name": {"loop"}, "url": {h.srv.URL + "/mcp/helper"}})
	if msg := doc.Find(`[data-testid="conn-error-url"], #conn-url-error, .field-error`).Text(); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(doc.Text(), "own gateway") {
		t.Errorf("the form took the console's own gateway: %d %q", res.StatusCode, msg)
	}
	// another address of the same console: caught by the marker
	_, err := runtime.AddConnection(context.Background(), h.store, h.app.gw.pool, "admin", models.ConnectionInput{Name: "loop2", URL: f.front.URL + "/mcp/helper", Headers: map[string]string{"Authorization": "Bearer " + f.key}})
	if err == nil || !strings.Contains(err.Error(), "own gateway") || !strings.Contains(err.Error(), "--url") {
		t.Errorf("a connection to this console's gateway under another address: %v, want a refusal naming --url and the own gateway", err)
	}
	for _, name := range []string{"loop", "loop2"} {
		if _, err := h.store.ConnectionByName(context.Background(), name); err == nil {
			t.Errorf("connection %s was saved", name)
		}
	}
}
