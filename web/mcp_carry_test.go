package web

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayGrantChangeKeepsStillVisibleTools: a grant revoked
// mid-session moves the surface; the tools the session activated that
// stay visible carry over (re-issued on the new surface, recorded as
// evidence), the revoked one leaves the list, and the client is told its
// list changed on the next call's answer.
func TestGatewayGrantChangeKeepsStillVisibleTools(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, changed := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		drain := func() int {
			n := 0
			for {
				select {
				case <-changed:
					n++
				default:
					return n
				}
			}
		}
		// one search activating a read-only tool and a destructive one
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back, and store a fact in memory", "limit": 5}, nil); isErr {
			t.Fatalf("search: %s", text)
		}
		before := toolNames(t, cs)
		if !slices.Contains(before, "demo.remember") || !slices.Contains(before, "demo.echo") {
			t.Fatalf("tools after the search = %v, want demo.echo and demo.remember", before)
		}
		keep := "demo.echo"
		time.Sleep(100 * time.Millisecond)
		drain()
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
		if text, isErr := call(t, cs, keep, map[string]any{"text": "still here"}, nil); isErr || text != "still here" {
			t.Errorf("a still-granted active tool after the revocation: %q (isError %v)", text, isErr)
		}
		deadline := time.After(5 * time.Second)
		select {
		case <-changed:
		case <-deadline:
			t.Error("no notifications/tools/list_changed after the surface moved")
		}
		after := toolNames(t, cs)
		if !slices.Contains(after, keep) || slices.Contains(after, "demo.remember") {
			t.Errorf("tools after the revocation = %v, want %s kept and demo.remember gone (before %v)", after, keep, before)
		}
		// the carry-over is evidence, once: a second call carries nothing
		if text, isErr := call(t, cs, keep, map[string]any{"text": "again"}, nil); isErr || text != "again" {
			t.Errorf("second call: %q (isError %v)", text, isErr)
		}
		h.app.gw.evidence.close()
		var n int64
		if err := h.store.RawScan(context.Background(), &n, "SELECT count(*) FROM run_events WHERE verdict = 'carried'"); err != nil || n != 1 {
			t.Errorf("carried evidence events = %d (%v), want 1", n, err)
		}
	})
}
