package web

import (
	"context"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayKeyedCallUsesItsConnectionTimeout: a call is bounded by its
// connection's own timeout, so everything derived from how long it may
// run uses that timeout, not the pool-wide one: the idempotency claim's
// lease, the session's in-use mark, and the "ends within" a retry is told
// while the call still runs.
func TestGatewayKeyedCallUsesItsConnectionTimeout(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		const timeout = 3 * time.Second
		f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Settings: models.ConnectionSettings{Timeout: timeout}}, true)
		if h.app.gw.pool.Timeout > 0 && h.app.gw.pool.Timeout <= timeout {
			t.Fatalf("the pool's timeout %s must exceed the connection's for this test", h.app.gw.pool.Timeout)
		}
		cs := searchRemember(t, f, "u1")
		meta := map[string]any{"idempotency_key": "own-timeout"}
		args := map[string]any{"key": "t", "fact": "f"}
		up.Linger.Store(int64(1500 * time.Millisecond))
		start := time.Now()
		done := make(chan struct{})
		go func() {
			defer close(done)
			if _, _, err := tryCall(cs, "demo.remember", args, meta); err != nil {
				t.Error(err)
			}
		}()
		defer func() { <-done }()
		var text string
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if up.Calls("remember") > 0 {
				text, _ = call(t, searchSession(t, f), "demo.remember", args, meta)
				break
			}
		}
		m := regexp.MustCompile(`ends within (\d+) s`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("retry while the call runs: %q, want \"ends within N s\"", text)
		}
		if n, _ := strconv.Atoi(m[1]); time.Duration(n)*time.Second > timeout {
			t.Errorf("retry while the call runs: ends within %d s, want at most the connection's %s", n, timeout)
		}
		var leases []time.Time
		if err := h.store.RawScan(context.Background(), &leases, "SELECT lease_until FROM idempotent_calls"); err != nil || len(leases) != 1 {
			t.Fatalf("claims: %v %v", leases, err)
		}
		if max := start.Add(timeout + idempotencyLeaseMargin + 2*time.Second); leases[0].After(max) {
			t.Errorf("claim lease ends %s after the call, want at most the connection's timeout and the margin (%s)", leases[0].Sub(start), timeout+idempotencyLeaseMargin)
		}
		var used []time.Time
		if err := h.store.RawScan(context.Background(), &used, "SELECT updated_at FROM gateway_sessions"); err != nil {
			t.Fatal(err)
		}
		for _, u := range used {
			if u.After(start.Add(timeout + 3*time.Second)) {
				t.Errorf("session marked in use until %s after the call, want at most the connection's %s and a second", u.Sub(start), timeout)
			}
		}
	})
}

// TestGatewayLongConnectionTimeoutKeepsTheSessionInUse: a connection
// whose own timeout is longer than the pool's marks the session in use
// for the whole of its call.
func TestGatewayLongConnectionTimeoutKeepsTheSessionInUse(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		const timeout = 20 * time.Minute
		f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Settings: models.ConnectionSettings{Timeout: timeout}}, true)
		cs := searchRemember(t, f, "u1")
		start := time.Now()
		if text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "l", "fact": "f"}, nil); isErr {
			t.Fatalf("call: %q", text)
		}
		var used []time.Time
		if err := h.store.RawScan(context.Background(), &used, "SELECT updated_at FROM gateway_sessions"); err != nil || len(used) != 1 {
			t.Fatalf("sessions: %v %v", used, err)
		}
		if used[0].Before(start.Add(timeout)) {
			t.Errorf("session marked in use until %s after the call, want at least the connection's %s", used[0].Sub(start), timeout)
		}
	})
}
