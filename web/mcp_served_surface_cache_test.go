package web

import (
	"context"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestServedSurfaceCacheHoldsOneEntryPerContent: the gateway's cache of
// served surfaces is keyed by what a surface holds, not by the surface
// value a request happened to build, so relisting a connection (which
// builds the run's surface again, the same) and listing again never adds
// an entry: the cache holds one surface for the one content.
func TestServedSurfaceCacheHoldsOneEntryPerContent(t *testing.T) {
	h := newHarness(t, modelstest.Dialects(t)[0])
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	ctx := context.Background()
	size := func() int {
		h.app.gw.surfaces.mu.Lock()
		defer h.app.gw.surfaces.mu.Unlock()
		return len(h.app.gw.surfaces.m)
	}
	for i := 0; i < 6; i++ {
		// a relist that changes nothing still moves the catalog's
		// generation: each new session's run is built again, the same
		if _, err := runtime.SyncConnection(ctx, h.store, h.app.gw.pool, "admin", "demo"); err != nil {
			t.Fatal(err)
		}
		var gen []int64
		if err := h.store.RawScan(ctx, &gen, "UPDATE catalog_states SET generation = generation + 1 WHERE id = 1 RETURNING generation"); err != nil {
			t.Fatal(err)
		}
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if _, err := cs.ListTools(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if _, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr {
			t.Fatal("search failed")
		}
	}
	if n := size(); n != 1 {
		t.Errorf("served surfaces cached after 6 relists: %d, want 1", n)
	}
}
