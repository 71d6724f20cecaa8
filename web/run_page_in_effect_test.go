package web

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRunPageCountsOnlyTheSearchInEffect: a later search replaces
// the tools an earlier one loaded, so a gateway call after three searches
// (and an activation carried over a grant change) has one search in
// effect, and the others are no longer in effect; the page counted every
// valid receipt, the carried one included, as a search in effect. It says
// one search used, and the others no longer applying. A call
// of a run that never searches (the profile is not deferred) says
// nothing of searches or activated tools.
func TestGatewayRunPageCountsOnlyTheSearchInEffect(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	search := func(q string) {
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": q, "limit": 5}, nil); isErr {
			t.Fatalf("search: %s", text)
		}
	}
	search("echo a text back")
	call(t, cs, "demo.echo", map[string]any{"text": "one"}, nil)
	search("store a fact in memory")
	call(t, cs, "demo.echo", map[string]any{"text": "two"}, nil)
	destructive := models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"}
	h.changeGrants(t, authority.Everyone, false, destructive)
	call(t, cs, "demo.echo", map[string]any{"text": "three"}, nil)
	h.changeGrants(t, authority.Everyone, true, destructive)
	call(t, cs, "demo.echo", map[string]any{"text": "four"}, nil)
	search("echo a text back, and store a fact in memory")
	call(t, cs, "demo.echo", map[string]any{"text": "last"}, nil)
	h.app.gw.evidence.close()
	var run string
	if err := h.store.RawScan(context.Background(), &run, "SELECT run FROM run_events WHERE run LIKE 'mcp-%' LIMIT 1"); err != nil || run == "" {
		t.Fatalf("the gateway run: %q %v", run, err)
	}
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/runs/" + run)
	var cells []string
	doc.Find(`[data-testid="run-events"] tr[data-kind="call"] td.receipts`).Each(func(_ int, s *goquery.Selection) {
		cells = append(cells, strings.Join(strings.Fields(s.Text()), " "))
	})
	if len(cells) != 5 {
		t.Fatalf("%d call rows, want 5: %q", len(cells), cells)
	}
	for i, c := range cells {
		if strings.Contains(c, "searches used") {
			t.Errorf("call %d: %q, want at most one search (or its carried activation) used: a later search replaces an earlier one", i+1, c)
		}
	}
	if c := cells[1]; c != "1 search used · 1 earlier search no longer applies" {
		t.Errorf("the call after the second search: %q, want the second used and the first no longer applying", c)
	}
	if c := cells[4]; !strings.HasPrefix(c, "1 search used") {
		t.Errorf("the call after the third search: %q, want it used", c)
	}
}

// TestGatewayRunThatDoesNotSearchSaysNothingOfSearches: a call of a
// gateway run whose profile is not deferred said "0 tools activated · no
// search used"; there is no search to count, so it says nothing.
func TestGatewayRunThatDoesNotSearchSaysNothingOfSearches(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u2", "X-Subject-Groups": "everyone"})
	call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	h.app.gw.evidence.close()
	var run string
	if err := h.store.RawScan(context.Background(), &run, "SELECT run FROM run_events WHERE run LIKE 'mcp-%' LIMIT 1"); err != nil || run == "" {
		t.Fatalf("the gateway run: %q %v", run, err)
	}
	_, doc := h.login("admin", adminPassword).get("/runs/" + run)
	row := doc.Find(`[data-testid="run-events"] tr[data-kind="call"]`)
	if txt := row.Text(); row.Length() != 1 || strings.Contains(txt, "activated") || strings.Contains(txt, "search") {
		t.Errorf("a call of a run that does not search: %q", strings.Join(strings.Fields(txt), " "))
	}
}
