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

// gatewayRunWithACarry makes a gateway run that searches, calls, has a
// grant revoked (its surface moves and the activation is carried) and
// calls again; it returns the run's id.
func gatewayRunWithACarry(t *testing.T, h *harness) string {
	t.Helper()
	up := upstreamtest.New()
	t.Cleanup(up.Close)
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	call(t, cs, "demo.echo", map[string]any{"text": "before the search"}, nil)
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back, and store a fact in memory", "limit": 5}, nil); isErr {
		t.Fatalf("search: %s", text)
	}
	call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
	call(t, cs, "demo.echo", map[string]any{"text": "after"}, nil)
	call(t, cs, "demo.remember", map[string]any{"key": "k", "fact": "f"}, nil)
	h.app.gw.evidence.close()
	var run string
	if err := h.store.RawScan(context.Background(), &run, "SELECT run FROM run_events WHERE run LIKE 'mcp-%' LIMIT 1"); err != nil || run == "" {
		t.Fatalf("the gateway run: %q %v", run, err)
	}
	return run
}

// TestGatewayRunPageSaysWhatHappened: a gateway run's page says what
// each row is in words — a carried activation is a carried row (not a
// search), the receipts a call carried are counted in words (never a bare
// "0 ok"), a surface change is marked and explained — and it shows no
// token or byte columns that only a runtime's steps fill.
func TestGatewayRunPageSaysWhatHappened(t *testing.T) {
	h := sqliteOnly(t)
	run := gatewayRunWithACarry(t, h)
	admin := h.login("admin", adminPassword)
	res, doc := admin.get("/runs/" + run)
	if res.StatusCode != 200 {
		t.Fatalf("run page: %d", res.StatusCode)
	}
	table := doc.Find(`[data-testid="run-events"]`)
	if head := table.Find("thead").Text(); strings.Contains(head, "Tokens") || strings.Contains(head, "schema") {
		t.Errorf("a run without steps shows token and byte columns: %q", head)
	}
	carried := table.Find(`tr[data-kind="carried"]`)
	if carried.Length() != 1 || !strings.Contains(carried.Text(), "carried") || !strings.Contains(carried.Text(), "without a search") {
		t.Errorf("carried rows %d: %q", carried.Length(), carried.Text())
	}
	if n := table.Find(`tr[data-kind="search"]`).Length(); n != 1 {
		t.Errorf("%d search rows, want 1 (the carry is not a search)", n)
	}
	table.Find("td.receipts").Each(func(_ int, s *goquery.Selection) {
		if v := strings.TrimSpace(s.Text()); strings.HasSuffix(v, " ok") || strings.HasPrefix(v, "0 ") {
			t.Errorf("a receipts cell reads %q", v)
		}
	})
	changed := table.Find(`[data-testid="surface-changed"]`)
	if changed.Length() != 1 {
		t.Errorf("%d rows mark a surface change, want 1", changed.Length())
	}
	if why := doc.Find(`[data-testid="run-surfaces"]`).Text(); !strings.Contains(why, "grant") || !strings.Contains(why, "carried") {
		t.Errorf("the surface change is not explained: %q", why)
	}
}
