package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/upstream/upstreamtest"
)

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`

// TestGatewaySessionsExpireWhenIdle (issue 24, hostile #18): a session
// used within the idle time lives on, however long it is used; one left
// idle past it is answered as the MCP specification's unknown session
// (404), saying it expired and after how long, so a client initializes
// again — and the new session works.
func TestGatewaySessionsExpireWhenIdle(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	idle := 1500 * time.Millisecond
	h.app.cfg.GatewaySessionIdle = idle
	cs, _ := f.connect(t, nil)
	list := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	// in use for twice the idle time: never expires
	for end := time.Now().Add(2 * idle); time.Now().Before(end); time.Sleep(idle / 5) {
		if a := f.postMessage(t, cs.ID(), list, nil); a.status != http.StatusOK {
			t.Fatalf("a session in use answered %d %s", a.status, a.body)
		}
	}
	time.Sleep(idle + 200*time.Millisecond)
	a := f.postMessage(t, cs.ID(), list, nil)
	if a.status != http.StatusNotFound || !strings.Contains(a.body, "no such session") || !strings.Contains(a.body, "expired after "+idle.String()) {
		t.Fatalf("an idle session answered %d %s, want 404 naming the expiry", a.status, a.body)
	}
	if _, err := cs.ListTools(context.Background(), nil); err == nil {
		t.Error("the SDK client's expired session still lists tools")
	}
	again, _ := f.connect(t, nil)
	if got := toolNames(t, again); len(got) != 1 {
		t.Errorf("a new session lists %v", got)
	}
}

// TestGatewaySessionsAreCappedPerKey (issue 24, hostile #18): a key
// holds at most the cap of live sessions per agent; one more initialize
// is refused (429, a JSON-RPC error naming the cap) and starts nothing;
// ending a session makes room; another key has its own cap.
func TestGatewaySessionsAreCappedPerKey(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	const most = 2
	h.app.cfg.GatewaySessionCap = most
	first, _ := f.connect(t, nil)
	f.connect(t, nil)
	a := f.postMessage(t, "", initializeBody, nil)
	if a.status != http.StatusTooManyRequests || !strings.Contains(a.body, `"code":-32600`) || !strings.Contains(a.body, fmt.Sprintf("holds %d live sessions of agent helper", most)) {
		t.Fatalf("a session past the cap: %d %s", a.status, a.body)
	}
	if n, _ := h.store.LiveGatewaySessions(context.Background(), firstKeyID(t, h, f.key), "helper", time.Now().Add(-time.Hour)); n != most {
		t.Errorf("live sessions after the refusal: %d, want %d", n, most)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	third, _ := f.connect(t, nil)
	if got := toolNames(t, third); len(got) != 1 {
		t.Errorf("the session made after one ended lists %v", got)
	}
	if a := f.postMessage(t, "", initializeBody, map[string]string{"Authorization": "Bearer " + h.runtimeKey()}); a.status != http.StatusOK {
		t.Errorf("another key's first session: %d %s", a.status, a.body)
	}
}

// firstKeyID is the id of the runtime key secret.
func firstKeyID(t *testing.T, h *harness, secret string) uint {
	t.Helper()
	k, err := h.store.APIKeyBySecret(context.Background(), secret)
	if err != nil {
		t.Fatal(err)
	}
	return k.ID
}
