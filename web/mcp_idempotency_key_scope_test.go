package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayIdempotencyIsPerRuntimeKey: idempotency records were shared
// by the agent's runtime keys, so a call through key k2 with the same
// subject, tool and idempotency key received k1's recorded result. Now a
// record belongs to the key whose call made it: k2's call runs (its own
// record), and k2's retry gets k2's outcome.
func TestGatewayIdempotencyIsPerRuntimeKey(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		k2 := h.runtimeKey()
		meta := map[string]any{"idempotency_key": "shared-1"}
		args := map[string]any{"key": "x", "fact": "once"}
		if text, isErr := call(t, searchRemember(t, f, "u1"), "demo.remember", args, meta); isErr {
			t.Fatalf("k1's call: %q", text)
		}
		cs, _ := f.connect(t, map[string]string{"Authorization": "Bearer " + k2, "X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
			t.Fatalf("search through k2: %q", text)
		}
		first, isErr := call(t, cs, "demo.remember", args, meta)
		if isErr || up.Calls("remember") != 2 {
			t.Fatalf("k2's call with k1's idempotency key: %q, %d upstream calls; want its own call (2)", first, up.Calls("remember"))
		}
		if again, _ := call(t, cs, "demo.remember", args, meta); again != first || up.Calls("remember") != 2 {
			t.Errorf("k2's retry: %q with %d upstream calls, want k2's recorded outcome and 2", again, up.Calls("remember"))
		}
	})
}
