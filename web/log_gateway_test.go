package web

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRequestsAreLogged: /mcp/{agent} requests have their lines in
// the request log (a successful one had none): a session's start at info,
// the requests within it (calls, searches, lists) at debug, as the run
// evidence records them. Each names the runtime key it was made with as
// the user (API key requests logged user=""), the JSON-RPC method and the
// tool called — never the key's secret nor a call's arguments.
func TestGatewayRequestsAreLogged(t *testing.T) {
	var logs lockedBuffer
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	keys, err := store.APIKeys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var k *models.APIKey
	for i := range keys {
		if strings.HasPrefix(f.key, keys[i].Prefix) {
			k = &keys[i]
		}
	}
	if k == nil {
		t.Fatal("the fixture's key is not listed")
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "alice", "X-Subject-Groups": "everyone"})
	const secretArg = "an-argument-never-logged-7731"
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "demo.echo", Arguments: map[string]any{"text": secretArg}}); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "path=/mcp/helper") {
			lines = append(lines, l)
		}
	}
	user := `user="` + apiKeyActor(k) + `"`
	want := map[string]bool{"level=INFO msg=request method=POST path=/mcp/helper status=200": false, "rpc=initialize": false, "level=DEBUG": false, "rpc=tools/call tool=demo.echo": false}
	for _, l := range lines {
		if !strings.Contains(l, user) {
			t.Errorf("a gateway request's line does not name its key as %s: %s", user, l)
		}
		if strings.Contains(l, "level=INFO") && !strings.Contains(l, "rpc=initialize") {
			t.Errorf("a request within the session is logged at info: %s", l)
		}
		for w := range want {
			if strings.Contains(l, w) {
				want[w] = true
			}
		}
	}
	for w, seen := range want {
		if !seen {
			t.Errorf("no gateway request line with %s:\n%s", w, out)
		}
	}
	if strings.Contains(out, secretArg) || strings.Contains(out, f.key) || strings.Contains(out, f.key[:12]) {
		t.Errorf("the log holds a call's argument or the key:\n%s", out)
	}
	// a runtime API request refused (so logged) names its key too
	if res, _ := h.api(http.MethodPost, "/api/v1/authorize", f.key, `{"agent":"helper"}`); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("bad check: %d", res.StatusCode)
	}
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "path=/api/v1/authorize") && !strings.Contains(l, user) {
			t.Errorf("an API request's line does not name its key: %s", l)
		}
	}
}
