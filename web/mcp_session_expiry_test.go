package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`

// TestGatewaySessionsExpireWhenIdle: a session whose last use is older than
// the idle time (aged through the store, no sleeping: the rule itself is
// sessionidle's pure function of time) is answered as the MCP
// specification's unknown session (404), saying it expired and after how
// long, so a client initializes again — and the new session works. A tool
// call marks its session in use until the call's deadline, and the sweep
// deletes the expired and ended sessions but not a live one.
func TestGatewaySessionsExpireWhenIdle(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	idle := time.Hour
	h.app.cfg.GatewaySessionIdle = idle
	ctx := context.Background()
	cs, _ := f.connect(t, nil)
	list := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	age := func(by time.Duration) {
		t.Helper()
		if err := h.store.Exec(ctx, "UPDATE gateway_sessions SET updated_at = ?", time.Now().Add(-by).UTC()); err != nil {
			t.Fatal(err)
		}
	}
	lastUse := func() time.Time {
		t.Helper()
		var rows []struct{ UpdatedAt time.Time }
		if err := h.store.RawScan(ctx, &rows, "SELECT updated_at FROM gateway_sessions"); err != nil || len(rows) != 1 {
			t.Fatalf("%v %v", rows, err)
		}
		return rows[0].UpdatedAt
	}
	// used within the idle time: served, and its use recorded
	age(idle - time.Minute)
	if a := f.postMessage(t, cs.ID(), list, nil); a.status != http.StatusOK {
		t.Fatalf("a session in use answered %d %s", a.status, a.body)
	}
	if got := time.Since(lastUse()); got > time.Minute {
		t.Errorf("a request did not record the session's use (last use %s ago)", got)
	}
	// a call marks the session in use until its deadline
	age(idle / 2)
	if _, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); isErr {
		t.Fatal("the call failed")
	}
	if got := time.Until(lastUse()); got < h.app.gw.pool.Timeout-5*time.Second {
		t.Errorf("a call left the session's last use %s from now, want its deadline (%s)", got, h.app.gw.pool.Timeout)
	}
	age(idle + time.Second)
	a := f.postMessage(t, cs.ID(), list, nil)
	if a.status != http.StatusNotFound || !strings.Contains(a.body, "no such session") || !strings.Contains(a.body, "expired after "+idle.String()) {
		t.Fatalf("an idle session answered %d %s, want 404 naming the expiry", a.status, a.body)
	}
	if _, err := cs.ListTools(ctx, nil); err == nil {
		t.Error("the SDK client's expired session still lists tools")
	}
	again, _ := f.connect(t, nil)
	if got := toolNames(t, again); len(got) != 3 {
		t.Errorf("a new session lists %v", got)
	}
	if n, err := h.store.DeleteExpiredGatewaySessions(ctx, h.app.idleRule().Cutoff(time.Now())); err != nil || n != 1 {
		t.Errorf("the sweep deleted %d (%v), want the one expired session", n, err)
	}
	if got := toolNames(t, again); len(got) != 3 {
		t.Errorf("the live session after the sweep lists %v", got)
	}
	if err := again.Close(); err != nil {
		t.Fatal(err)
	}
	if n, _ := h.store.DeleteExpiredGatewaySessions(ctx, h.app.idleRule().Cutoff(time.Now())); n != 1 {
		t.Errorf("the sweep deleted %d ended sessions, want 1", n)
	}
}

// TestGatewaySessionsAreCappedPerKey: a key
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
