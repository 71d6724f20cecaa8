package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayListCacheSeesOtherReplicas: two consoles (separate
// connection pools, separate in-memory state) on one Postgres serve one
// gateway session. A repeated tools/list is answered from the session's
// kept answer, the same bytes as the built one; a grant revoked through
// the other console's store is seen by the very next tools/list on
// either console, and so is a search made through the other console
// (the session's receipts moved).
func TestGatewayListCacheSeesOtherReplicas(t *testing.T) {
	ctx := context.Background()
	storeA, storeB := twoReplicaStores(t)
	cfg := Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), APIRate: unlimitedRate}
	appA := New(storeA, sharedMeter, cfg)
	srv := httptest.NewServer(appA.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: storeA, app: appA}
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	appB := New(storeB, sharedMeter, cfg)
	defer appB.Close()
	handlerA, handlerB := f.app.Load(), appB.Handler()
	on := func(a *Server) {
		if a == appA {
			f.app.Store(handlerA)
		} else {
			f.app.Store(&handlerB)
		}
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory", "limit": 5}, nil); isErr {
		t.Fatalf("search: %s", text)
	}
	list := func() string {
		t.Helper()
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	names := func() []string { return toolNames(t, cs) }
	for _, app := range []*Server{appA, appB} {
		on(app)
		hits := app.gw.lists.hits.Load()
		built, kept := list(), list()
		if kept != built {
			t.Fatalf("the kept answer differs from the built one:\n%s\n%s", kept, built)
		}
		if app.gw.lists.hits.Load() == hits {
			t.Fatal("a repeated tools/list of an unchanged session was built again, not answered from its kept answer")
		}
		if got := names(); !slices.Contains(got, "demo.remember") {
			t.Fatalf("tools after the search = %v, want demo.remember", got)
		}
	}
	// revoked through replica A's store: replica B's next list leaves the
	// tool out, and so does A's
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
	for _, app := range []*Server{appB, appA} {
		on(app)
		if got := names(); slices.Contains(got, "demo.remember") {
			t.Fatalf("after the revocation the list still holds demo.remember: %v", got)
		}
	}
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
	on(appB)
	before := names()
	// a search through replica A moves the session: B lists what it found
	on(appA)
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back", "limit": 5}, nil); isErr {
		t.Fatalf("search: %s", text)
	}
	on(appB)
	if got := names(); !slices.Contains(got, "demo.echo") || slices.Equal(got, before) {
		t.Fatalf("after a search on the other replica the list is %v (before it %v), want demo.echo in it", got, before)
	}
}
