package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusedCallIsNotUncertain: an HTTP status that proves the
// server did not process a keyed destructive call (404: it did not know
// the session; 400, 401, 415, a rate limit's 429) is environment_unavailable, "nothing
// was run", and releases the key: the retry with the same key runs the
// call once (it was recorded as uncertain_side_effect and replayed for
// ever). A 500, 403, 503 or a proxy's 502 — any status that may come
// after the server got the call — stays uncertain. Direct and SDK call paths (the SDK's client reads a
// 404 as its session missing), SQLite and Postgres.
func TestGatewayRefusedCallIsNotUncertain(t *testing.T) {
	for _, direct := range []bool{true, false} {
		name := "direct"
		statuses := map[int]string{404: "environment_unavailable", 400: "environment_unavailable", 401: "environment_unavailable", 403: "uncertain_side_effect",
			415: "environment_unavailable", 429: "environment_unavailable", 503: "uncertain_side_effect", 500: "uncertain_side_effect", 502: "uncertain_side_effect"}
		if !direct {
			name, statuses = "sdk", map[int]string{404: "environment_unavailable"}
		}
		t.Run(name, func(t *testing.T) {
			eachDialect(t, func(t *testing.T, h *harness) {
				h.app.gw.pool.SetDirectCalls(direct)
				defer h.app.gw.pool.SetDirectCalls(true)
				up := upstreamtest.New()
				defer up.Close()
				f := h.gatewayFixture("demo", up.URL, true)
				cs := searchSession(t, f)
				runs := int64(0)
				for status, want := range statuses {
					meta := map[string]any{"idempotency_key": fmt.Sprintf("refused-%d", status)}
					args := map[string]any{"key": fmt.Sprint(status), "fact": "f"}
					up.Status.Store(int64(status))
					text, isErr := call(t, cs, "demo.remember", args, meta)
					for deadline := time.Now().Add(15 * time.Second); strings.Contains(text, "not reachable now") && time.Now().Before(deadline); {
						// the last status's session is still being started again
						time.Sleep(100 * time.Millisecond)
						text, isErr = call(t, cs, "demo.remember", args, meta)
					}
					if !isErr || errType(text) != want || (want == "environment_unavailable" && !strings.Contains(text, "nothing was run")) {
						t.Errorf("HTTP %d: %q, want %s", status, text, want)
					}
					if n := up.Calls("remember"); n != runs {
						t.Errorf("HTTP %d: upstream ran remember %d times, want %d", status, n, runs)
					}
					// the retry, later: a session the failure ended is started
					// again after the connection's backoff (nothing runs meanwhile)
					again, isErr := call(t, cs, "demo.remember", args, meta)
					for deadline := time.Now().Add(15 * time.Second); want == "environment_unavailable" && errType(again) == want && time.Now().Before(deadline); {
						time.Sleep(100 * time.Millisecond)
						again, isErr = call(t, cs, "demo.remember", args, meta)
					}
					if want == "environment_unavailable" {
						runs++
						if isErr || up.Calls("remember") != runs {
							t.Errorf("HTTP %d, retry with the key: %q (isError %v), %d runs, want the call run once", status, again, isErr, up.Calls("remember"))
						}
					} else if again != text || up.Calls("remember") != runs {
						t.Errorf("HTTP %d, retry with the key: %q, want the recorded %q and nothing run", status, again, text)
					}
				}
			})
		})
	}
}
