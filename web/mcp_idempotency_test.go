package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayIdempotencyKeyReused: an idempotency key reused with
// different arguments is refused, naming the key, without calling the
// upstream; the same key with the same arguments (in any key order)
// gets the recorded outcome; the record keeps a digest of the arguments,
// never the arguments.
func TestGatewayIdempotencyKeyReused(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
			t.Fatalf("search remember: %q", text)
		}
		meta := map[string]any{"idempotency_key": "pay-42"}
		first, isErr := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "secret-fact-one"}, meta)
		if isErr {
			t.Fatalf("first call: %q", first)
		}
		text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "another-fact"}, meta)
		if !isErr || errType(text) != "idempotency_key_reused" || !strings.Contains(text, "pay-42") {
			t.Errorf("same key, other arguments: %q (isError %v), want idempotency_key_reused naming the key", text, isErr)
		}
		if n := up.Calls("remember"); n != 1 {
			t.Errorf("upstream remember calls = %d, want 1", n)
		}
		// same arguments, keys in another order: the recorded outcome
		if again, isErr := call(t, cs, "demo.remember", map[string]any{"fact": "secret-fact-one", "key": "a"}, meta); isErr || again != first {
			t.Errorf("same key, same arguments: %q (isError %v), want %q", again, isErr, first)
		}
		if n := up.Calls("remember"); n != 1 {
			t.Errorf("upstream remember calls = %d after the retry, want 1", n)
		}
		var rows []models.IdempotentCall
		if err := h.store.RawScan(context.Background(), &rows, "SELECT * FROM idempotent_calls"); err != nil || len(rows) != 1 {
			t.Fatalf("idempotency records %d %v", len(rows), err)
		}
		if d := rows[0].ArgsDigest; len(d) != 64 || strings.Contains(d, "secret-fact") {
			t.Errorf("record's argument digest %q", d)
		}
		if strings.Contains(rows[0].KeyHash, "pay-42") {
			t.Errorf("record keeps the key in clear")
		}
	})
}
