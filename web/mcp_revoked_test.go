package web

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRevokedToolSaysRevoked: a tool the run was shown (activated
// by its search) whose grant is revoked mid-session answers
// capability_revoked as a tool result with isError, never reaching the
// server, and the run's evidence says so; a run never shown that tool
// gets capability_unavailable, the answer of a tool that does not exist
// (a hidden name is never confirmed).
func TestGatewayRevokedToolSaysRevoked(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		subject := map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"}
		cs, _ := f.connect(t, subject)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory", "limit": 5}, nil); isErr {
			t.Fatalf("search: %s", text)
		}
		if got := toolNames(t, cs); !slices.Contains(got, "demo.remember") {
			t.Fatalf("tools after the search = %v, want demo.remember", got)
		}
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
		args := map[string]any{"key": "k", "fact": "f"}
		text, isErr := call(t, cs, "demo.remember", args, nil)
		if !isErr || errType(text) != authority.TypeRevoked {
			t.Errorf("the revoked tool of a run that was shown it: %s (isError %v), want %s", text, isErr, authority.TypeRevoked)
		}
		if strings.Contains(text, "destructive") || strings.Contains(text, "everyone") || strings.Contains(text, "not granted") {
			t.Errorf("the model-visible answer carries the host reason: %s", text)
		}
		// a run that was never shown it: the answer of no tool at all
		fresh, _ := f.connect(t, subject)
		text2, isErr2 := call(t, fresh, "demo.remember", args, nil)
		none, _ := call(t, fresh, "demo.no_such_tool", args, nil)
		if !isErr2 || errType(text2) != authority.TypeUnavailable || strings.ReplaceAll(text2, "demo.remember", "X") != strings.ReplaceAll(none, "demo.no_such_tool", "X") {
			t.Errorf("a run never shown the revoked tool: %s (isError %v), want the answer of no tool: %s", text2, isErr2, none)
		}
		if n := up.Calls("remember"); n != 0 {
			t.Errorf("the server ran remember %d times", n)
		}
		h.app.gw.evidence.close()
		for verdict, want := range map[string]int64{deferred.CallDenied + ":" + authority.TypeRevoked: 1, deferred.CallUnknown: 1} {
			var n int64
			if err := h.store.RawScan(context.Background(), &n, "SELECT count(*) FROM run_events WHERE tool = 'demo.remember' AND verdict = ?", verdict); err != nil || n != want {
				t.Errorf("evidence of demo.remember with verdict %s: %d (%v), want %d", verdict, n, err, want)
			}
		}
	})
}
