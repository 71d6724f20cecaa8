package web

import (
	"context"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestRemovedElsewhereStopsItsClient: a connection removed by another
// process (the command line, another replica) loses its client here when
// the gateway next reads the connections; a client of a name never
// stored (an add probing right now) is left alone.
func TestRemovedElsewhereStopsItsClient(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	pool, cc := h.app.gw.pool, &h.app.gw.conns
	if _, err := cc.snapshot(ctx, h.app); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ListTools(ctx, upstream.Spec{Name: "probing", URL: up.URL}); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pool.Names(), "demo") {
		t.Fatalf("no client of demo: %v", pool.Names())
	}
	// removed elsewhere: this server's pool is not told
	if _, err := runtime.RemoveConnection(ctx, h.store, nil, "admin", "demo"); err != nil {
		t.Fatal(err)
	}
	cc.forget()
	if _, err := cc.snapshot(ctx, h.app); err != nil {
		t.Fatal(err)
	}
	if names := pool.Names(); slices.Contains(names, "demo") || !slices.Contains(names, "probing") {
		t.Errorf("clients after the removal was read: %v, want probing only", names)
	}
}
