package web

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// drain empties a list_changed channel and reports how many it held.
func drain(ch chan struct{}) int {
	n := 0
	for {
		select {
		case <-ch:
			n++
		default:
			return n
		}
	}
}

// gotListChanged waits a moment for a list_changed notification.
func gotListChanged(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-time.After(3 * time.Second):
		return false
	}
}

// TestGatewayTracksTheListedSurface: a session that lists every tool (no
// deferral) keeps, in the database, the surface it was shown. A tool it
// was listed but never called, revoked since, answers capability_revoked
// — also after a restart of the console; a session opened after the
// revocation, never shown it, gets capability_unavailable. The next
// request after the surface moved (a grant revoked, a tool gone by a
// sync) carries notifications/tools/list_changed, once. Failing test
// first.
func TestGatewayTracksTheListedSurface(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, false)
		cs, changed := f.connect(t, nil)
		if got := toolNames(t, cs); !slices.Contains(got, "demo.remember") || !slices.Contains(got, "demo.echo") {
			t.Fatalf("tools/list = %v", got)
		}
		drain(changed)
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
		// a restart: what the session was shown is not kept in memory
		h.app.Close()
		fresh := New(h.store, sharedMeter, h.app.cfg)
		t.Cleanup(fresh.Close)
		handler := fresh.Handler()
		f.app.Store(&handler)
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "still here"}, nil); isErr || text != "still here" {
			t.Fatalf("a call of a tool still granted: %s", text)
		}
		if !gotListChanged(changed) {
			t.Error("no notifications/tools/list_changed after the grant was revoked")
		}
		text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "k", "fact": "f"}, nil)
		if !isErr || errType(text) != authority.TypeRevoked {
			t.Errorf("a listed tool revoked since: %s, want %s", text, authority.TypeRevoked)
		}
		if got := toolNames(t, cs); slices.Contains(got, "demo.remember") {
			t.Errorf("tools/list after the revocation = %v", got)
		}
		if _, isErr := call(t, cs, "demo.echo", map[string]any{"text": "again"}, nil); isErr || drain(changed) != 0 {
			t.Error("list_changed again though nothing moved since")
		}
		other, _ := f.connect(t, nil)
		if text, _ := call(t, other, "demo.remember", map[string]any{"key": "k", "fact": "f"}, nil); errType(text) != authority.TypeUnavailable {
			t.Errorf("a session never shown the tool: %s, want %s", text, authority.TypeUnavailable)
		}
		if up.Calls("remember") != 0 {
			t.Error("the revoked tool reached the server")
		}
		// a tool gone from the server: the next sync drops it, the next
		// request says the list changed, the tool answers as revoked
		toolNames(t, cs)
		drain(changed)
		up.MCP.RemoveTools("slow")
		if _, err := runtime.SyncConnection(context.Background(), h.store, fresh.gw.pool, "admin", "demo"); err != nil {
			t.Fatal(err)
		}
		if _, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); isErr || !gotListChanged(changed) {
			t.Error("no list_changed after a sync removed a listed tool")
		}
		// a tool the session was shown and a sync removed answers
		// catalog_changed, nothing run (only a grant
		// taken away answers revoked)
		if text, _ := call(t, cs, "demo.slow", map[string]any{}, nil); errType(text) != authority.TypeCatalogChanged {
			t.Errorf("a listed tool gone by a sync: %s, want %s", text, authority.TypeCatalogChanged)
		}
	})
}

// TestGatewayDeferredRevocationSaysListChanged: in a deferred session
// whose only activated tool is revoked, the next request carries
// list_changed (nothing is left to carry over to the new surface, and the
// list lost the tool). Failing test first.
func TestGatewayDeferredRevocationSaysListChanged(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, changed := f.connect(t, nil)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory", "limit": 1}, nil); isErr {
			t.Fatalf("search: %s", text)
		}
		if got := toolNames(t, cs); !slices.Equal(got, []string{"search_tools", "demo.remember"}) {
			t.Fatalf("tools after the search = %v", got)
		}
		drain(changed)
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
		if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); errType(text) != "search_required" {
			t.Errorf("an inactive tool: %s", text)
		}
		if !gotListChanged(changed) {
			t.Error("no list_changed after the only activated tool was revoked")
		}
		if got := toolNames(t, cs); !slices.Equal(got, []string{"search_tools"}) {
			t.Errorf("tools after the revocation = %v", got)
		}
	})
}
