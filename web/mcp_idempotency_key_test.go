package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesMalformedIdempotencyKeys: a _meta.idempotency_key
// that is not a string of 1 to 200 bytes (a number, object, array,
// null, "", 201 bytes) is invalid_arguments naming the field, and the
// upstream is never called (it was read as no key, and a
// retry ran the destructive call again); 200 bytes is a key.
func TestGatewayRefusesMalformedIdempotencyKeys(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
			t.Fatalf("search remember: %q", text)
		}
		args := map[string]any{"key": "a", "fact": "f"}
		for name, key := range map[string]any{"number": 5, "object": map[string]any{"a": 1}, "array": []any{"k"}, "null": nil,
			"empty": "", "201 bytes": strings.Repeat("k", 201), "boolean": true} {
			for i := 0; i < 2; i++ {
				text, isErr := call(t, cs, "demo.remember", args, map[string]any{"idempotency_key": key})
				if !isErr || errType(text) != "invalid_arguments" || !strings.Contains(text, "_meta.idempotency_key") {
					t.Errorf("%s key: %q (isError %v), want invalid_arguments naming _meta.idempotency_key", name, text, isErr)
				}
			}
			if n := up.Calls("remember"); n != 0 {
				t.Fatalf("%s key: upstream remember calls = %d, want 0", name, n)
			}
		}
		long := map[string]any{"idempotency_key": strings.Repeat("k", 200)}
		first, isErr := call(t, cs, "demo.remember", args, long)
		if isErr {
			t.Fatalf("200-byte key: %q", first)
		}
		if again, _ := call(t, cs, "demo.remember", args, long); again != first || up.Calls("remember") != 1 {
			t.Errorf("200-byte key retried: %q, upstream calls %d, want the recorded outcome and 1 call", again, up.Calls("remember"))
		}
	})
}
