package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayReplayIsNotCharged: a retry with an idempotency
// key whose outcome is recorded runs nothing, so it spends none of the
// run's call budget: with a budget of 2 spent by two keyed calls, a retry
// of the second gets its recorded outcome (not budget_exhausted), and a
// new key still finds the budget spent.
func TestGatewayReplayIsNotCharged(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		ctx := context.Background()
		p, err := h.store.ProfileBySlug(ctx, "gw")
		if err != nil {
			t.Fatal(err)
		}
		v, err := h.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
		if err != nil {
			t.Fatal(err)
		}
		ct := v.Content()
		ct.CallBudget, ct.Message = 2, "call budget 2"
		if _, err := h.store.SaveProfileVersion(ctx, "admin", "gw", p.CurrentVersion, ct, h.knownToolIDs(), models.TokenTotals{}); err != nil {
			t.Fatal(err)
		}
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
			t.Fatalf("search remember: %q", text)
		}
		var second string
		for i, k := range []string{"k1", "k2"} {
			text, isErr := call(t, cs, "demo.remember", map[string]any{"key": k, "fact": "f"}, map[string]any{"idempotency_key": k})
			if isErr {
				t.Fatalf("call %d: %q", i+1, text)
			}
			second = text
		}
		again, isErr := call(t, cs, "demo.remember", map[string]any{"key": "k2", "fact": "f"}, map[string]any{"idempotency_key": "k2"})
		if isErr || again != second {
			t.Errorf("a retry of a recorded call with the budget spent: %q (isError %v), want the recorded %q", again, isErr, second)
		}
		if text, _ := call(t, cs, "demo.remember", map[string]any{"key": "k3", "fact": "f"}, map[string]any{"idempotency_key": "k3"}); errType(text) != typeBudgetExhausted {
			t.Errorf("a new key past the budget: %q, want budget_exhausted", text)
		}
		if n := up.Calls("remember"); n != 2 {
			t.Errorf("upstream remember calls = %d, want 2", n)
		}
	})
}
