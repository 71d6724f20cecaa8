package web

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// checkDecisions reads console_check_decisions_total by decision.
func checkDecisions(t *testing.T, h *harness) map[string]float64 {
	t.Helper()
	fams := scrape(t, h.srv.URL+"/metrics", h.runtimeKey())
	out := map[string]float64{}
	for _, d := range []string{"allow", authority.TypeApprovalRequired, authority.TypePermissionDenied, typeBudgetExhausted, typeKeyReused} {
		out[d] = max(sample(fams, "console_check_decisions_total", map[string]string{"decision": d}), 0)
	}
	return out
}

// TestCheckCountsWhatTheClientWasTold: a gateway call a reviewer denied is
// counted permission_denied (what the client is told), not
// approval_required; a call refused for its budget or for a reused
// idempotency key runs nothing and is counted under that refusal, not
// allow.
func TestCheckCountsWhatTheClientWasTold(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	_, cs := approvalOnlyEcho(t, h, up.URL)
	ctx := context.Background()
	text, _ := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	ref := approvalRef(t, text)
	if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Reason: "not now"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	was := checkDecisions(t, h)
	text, _ = call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	if errType(text) != authority.TypePermissionDenied {
		t.Fatalf("a denied call: %s", text)
	}
	now := checkDecisions(t, h)
	if now[authority.TypePermissionDenied]-was[authority.TypePermissionDenied] != 1 || now[authority.TypeApprovalRequired] != was[authority.TypeApprovalRequired] {
		t.Errorf("a reviewer's denial counted: before %v after %v", was, now)
	}

	// a reused idempotency key: nothing ran
	h2 := sqliteOnly(t)
	f := h2.gatewayFixture("demo", up.URL, true)
	cs2, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs2, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr {
		t.Fatal(text)
	}
	meta := map[string]any{"idempotency_key": "pay-42"}
	if text, isErr := call(t, cs2, "demo.remember", map[string]any{"key": "a", "fact": "one"}, meta); isErr {
		t.Fatal(text)
	}
	was = checkDecisions(t, h2)
	if text, _ := call(t, cs2, "demo.remember", map[string]any{"key": "a", "fact": "two"}, meta); errType(text) != typeKeyReused {
		t.Fatalf("a reused key: %s", text)
	}
	now = checkDecisions(t, h2)
	if now[typeKeyReused]-was[typeKeyReused] != 1 || now["allow"] != was["allow"] {
		t.Errorf("a reused key counted: before %v after %v", was, now)
	}

	// the call past the budget: nothing ran
	p, err := h2.store.ProfileBySlug(ctx, "gw")
	if err != nil {
		t.Fatal(err)
	}
	v, err := h2.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
	if err != nil {
		t.Fatal(err)
	}
	ct := v.Content()
	ct.CallBudget, ct.Message = 1, "budget"
	if _, err := h2.store.SaveProfileVersion(ctx, "admin", "gw", p.CurrentVersion, ct, h2.knownToolIDs(), models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	cs3, _ := f.connect(t, nil)
	if text, isErr := call(t, cs3, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		t.Fatal(text)
	}
	if text, isErr := call(t, cs3, "demo.echo", map[string]any{"text": "x"}, nil); isErr {
		t.Fatal(text)
	}
	was = checkDecisions(t, h2)
	if text, _ := call(t, cs3, "demo.echo", map[string]any{"text": "x"}, nil); errType(text) != typeBudgetExhausted {
		t.Fatalf("past the budget: %s", text)
	}
	now = checkDecisions(t, h2)
	if now[typeBudgetExhausted]-was[typeBudgetExhausted] != 1 || now["allow"] != was["allow"] {
		t.Errorf("past the budget counted: before %v after %v", was, now)
	}
}
