package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusedConnectionRanNothing: a keyed destructive call whose
// server refuses the connection (it stopped listening after the session
// began: a dial error, nothing was sent) is environment_unavailable,
// "nothing was run", and releases its key: a retry with the same key is
// not answered from a record of an uncertain outcome (it was
// uncertain_side_effect, "may or may not have taken effect", replayed
// for ever). Direct and SDK call paths, SQLite and Postgres.
func TestGatewayRefusedConnectionRanNothing(t *testing.T) {
	for _, direct := range []bool{true, false} {
		name := "direct"
		if !direct {
			name = "sdk"
		}
		t.Run(name, func(t *testing.T) {
			eachDialect(t, func(t *testing.T, h *harness) {
				h.app.gw.pool.SetDirectCalls(direct)
				defer h.app.gw.pool.SetDirectCalls(true)
				up := upstreamtest.New()
				// a kept-alive connection the server closed may be reused
				// before the client notices: that call was sent, and may
				// have run; this test is about a connection never opened
				up.DisableKeepAlives()
				f := h.gatewayFixture("demo", up.URL, true)
				cs := searchSession(t, f)
				meta := map[string]any{"idempotency_key": "dial-refused"}
				args := map[string]any{"key": "k", "fact": "f"}
				if text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "first", "fact": "f"}, nil); isErr {
					t.Fatalf("the call before the server stopped: %s", text)
				}
				up.Close()
				text, isErr := call(t, cs, "demo.remember", args, meta)
				if !isErr || errType(text) != "environment_unavailable" || !strings.Contains(text, "nothing was run") {
					t.Errorf("a refused connection: %q, want environment_unavailable, nothing was run", text)
				}
				again, isErr := call(t, cs, "demo.remember", args, meta)
				if !isErr || errType(again) != "environment_unavailable" || strings.Contains(again, "may or may not") {
					t.Errorf("the retry with the key: %q, want environment_unavailable again (no recorded uncertain outcome)", again)
				}
				if n := up.Calls("remember"); n != 1 {
					t.Errorf("upstream ran remember %d times, want 1 (before it stopped)", n)
				}
			})
		})
	}
}
