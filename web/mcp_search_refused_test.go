package web

import (
	"context"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusedSearchLeavesEvidence: a search_tools
// call refused for its arguments is recorded in the run, as a refused
// tool call is: a search row with its verdict, never the query.
func TestGatewayRefusedSearchLeavesEvidence(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	for _, a := range []map[string]any{{"query": ""}, {}} {
		if text, isErr := call(t, cs, "search_tools", a, nil); !isErr || errType(text) != "invalid_arguments" {
			t.Fatalf("search %v: %q", a, text)
		}
	}
	runs, err := h.store.RecentRuns(context.Background(), 1)
	if err != nil || len(runs) != 1 {
		t.Fatalf("no run for two refused searches: %v %v", runs, err)
	}
	evs, err := h.store.RunEvents(context.Background(), runs[0].Run, 10)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range evs {
		if e.Kind == models.RunSearch && e.Verdict == "denied:invalid_arguments" && e.Hits == 0 {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d refused search rows of %d events, want 2: %+v", n, len(evs), evs)
	}
}
