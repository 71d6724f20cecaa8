package web

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayKeyedRetryGetsRecordedOutcome: a keyed call that ran gets
// its recorded outcome on a retry with the same key and arguments once
// its permission is checked again — its single-use approval spent, a new
// session that has not searched, another replica do not refuse it, so no
// second approval request is filed for a call that ran. Its grant
// removed, the retry is refused (the permission is checked before the
// record is read) and nothing runs. Other arguments under the key stay
// refused.
func TestGatewayKeyedRetryGetsRecordedOutcome(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up, paid := payServer()
		defer up.Close()
		ctx := context.Background()
		f := h.gatewayFixture("demo", up.URL, true)
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
		h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.pay", RequiresApproval: true})
		cs := searchPay(t, f, "u1")
		meta := map[string]any{"idempotency_key": "pay-1"}
		args := map[string]any{"to": "alice"}
		text, _ := call(t, cs, "demo.pay", args, meta)
		ref := approvalRef(t, text)
		if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true}, time.Now()); err != nil {
			t.Fatal(err)
		}
		first, isErr := call(t, cs, "demo.pay", args, meta)
		if isErr || paid.Load() != 1 {
			t.Fatalf("the approved call: %q (%d upstream calls)", first, paid.Load())
		}
		requests := func() int {
			all, err := h.store.Approvals(ctx, 1000)
			if err != nil {
				t.Fatal(err)
			}
			return len(all)
		}
		before := requests()
		if again, isErr := call(t, cs, "demo.pay", args, meta); isErr || again != first {
			t.Errorf("the retry after the approval was spent: %q, want the recorded %q", again, first)
		}
		// a new session (the client restarted) that has not searched, on
		// another replica
		other := New(h.store, sharedMeter, h.app.cfg)
		defer other.Close()
		handler := other.Handler()
		f.app.Store(&handler)
		fresh, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if again, isErr := call(t, fresh, "demo.pay", args, meta); isErr || again != first {
			t.Errorf("the retry from a new session on another replica: %q, want the recorded %q", again, first)
		}
		// the grant taken away: the retry is refused, not answered from
		// the record of a call its subject may no longer make
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindTool, Value: "demo.pay", RequiresApproval: true})
		if again, isErr := call(t, fresh, "demo.pay", args, meta); !isErr || again == first || errType(again) == "" {
			t.Errorf("the retry after the grant was removed: %q, want a refusal", again)
		}
		if n := requests(); n != before {
			t.Errorf("approval requests: %d after the retries, want %d (none filed)", n, before)
		}
		// other arguments under the key are checked as any call: refused
		if text, isErr := call(t, fresh, "demo.pay", map[string]any{"to": "bob"}, meta); !isErr || errType(text) == "" {
			t.Errorf("other arguments under the key: %q, want a refusal", text)
		}
		if n := paid.Load(); n != 1 {
			t.Errorf("payments = %d, want 1", n)
		}
	})
}

// payServer is a test upstream that also serves pay (destructive: it
// pays someone), counting its payments.
func payServer() (*upstreamtest.Server, *atomic.Int64) {
	up := upstreamtest.New()
	paid := &atomic.Int64{}
	yes, no := true, false
	up.MCP.AddTool(&mcp.Tool{Name: "pay", Description: "Pay a fixed amount to a person.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes, OpenWorldHint: &no},
		InputSchema: map[string]any{"type": "object", "required": []any{"to"}, "additionalProperties": false,
			"properties": map[string]any{"to": map[string]any{"type": "string", "maxLength": 40, "description": "Who is paid."}}}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n := paid.Add(1)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("paid, payment %d", n)}}}, nil
		})
	return up, paid
}

// searchPay opens a session for subject and activates demo.pay.
func searchPay(t *testing.T, f *gwFixture, subject string) *mcp.ClientSession {
	t.Helper()
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": subject, "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "pay a person"}, nil); isErr || !strings.Contains(text, "demo.pay") {
		t.Fatalf("search pay: %q", text)
	}
	return cs
}
