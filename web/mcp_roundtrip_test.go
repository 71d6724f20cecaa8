package web

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// countRequests makes every request the fixture's console serves count
// its statements (and the evidence batch it starts) into n.
func (f *gwFixture) countRequests(n *atomic.Int64) {
	inner := *f.app.Load()
	var counted http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, c := models.CountStatements(r.Context())
		inner.ServeHTTP(w, r.WithContext(ctx))
		// a read call's evidence is written after its answer: counted
		// once the writer has it stored
		f.h.app.gw.evidence.flush()
		n.Add(c.Load())
	})
	f.app.Store(&counted)
}

// TestGatewayRoundTrips: once a session's run is warm, a tools/call
// costs the database two statements — the one read of the session with
// both generations (which sees a revocation committed before the call)
// and the call's evidence, one pipelined write (after the answer, for a
// read) — and a tools/list one: the gateway's overhead is round trips,
// so their number is held here.
func TestGatewayRoundTrips(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, _ := f.connect(t, nil)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
		args := map[string]any{"text": "hi"}
		// warm: the run's base, the authority state, the key and its
		// last use, the receipt key, the connections
		for range 2 {
			if text, isErr := call(t, cs, "demo.echo", args, nil); isErr {
				t.Fatal(text)
			}
			toolNames(t, cs)
		}
		var n atomic.Int64
		f.countRequests(&n)
		measure := func(op func()) int64 {
			// the connections are cached for connCacheTTL: measure within it
			sn := *h.app.gw.conns.cur.Load()
			sn.at = time.Now()
			h.app.gw.conns.cur.Store(&sn)
			// an earlier call's evidence still queued would carry this
			// call's in its batch, counted to the earlier request
			h.app.gw.evidence.flush()
			n.Store(0)
			op()
			return n.Load()
		}
		callN := measure(func() {
			if text, isErr := call(t, cs, "demo.echo", args, nil); isErr {
				t.Fatal(text)
			}
		})
		listN := measure(func() { toolNames(t, cs) })
		t.Logf("%s: tools/call %d statements, tools/list %d", h.store.Dialect(), callN, listN)
		if callN != 2 || listN != 1 {
			t.Errorf("tools/call made %d statements (want 2: the session with the generations, the evidence), tools/list %d (want 1)", callN, listN)
		}
	})
}
