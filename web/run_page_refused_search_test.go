package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestRunPageSaysASearchWasRefused: a search_tools call refused for its
// arguments read on the run's page as a search that found nothing ("0
// tools found of 0 the subject may be shown · query 0 B"), whatever its
// query was. Its row now says it was refused and why, in the console's
// words (never the query's text), and the query's real size.
func TestRunPageSaysASearchWasRefused(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	long := strings.Repeat("open a file ", 50) // 600 bytes, over the query's ceiling
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": long}, nil); !isErr || errType(text) != "invalid_arguments" {
		t.Fatalf("a 600-byte query: %q", text)
	}
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "read a file", "limit": 0.5}, nil); !isErr || errType(text) != "invalid_arguments" {
		t.Fatalf("a fractional limit: %q", text)
	}
	h.app.gw.evidence.close()
	runs, err := h.store.RecentRuns(context.Background(), 1)
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs: %v %v", runs, err)
	}
	admin := h.login("admin", adminPassword)
	res, doc := admin.get("/runs/" + runs[0].Run)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("run page: %d", res.StatusCode)
	}
	var rows []string
	doc.Find(`[data-testid="run-events"] tbody tr[data-kind="search"] td.what`).Each(func(_ int, s *goquery.Selection) {
		rows = append(rows, strings.Join(strings.Fields(s.Text()), " "))
	})
	if len(rows) != 2 {
		t.Fatalf("%d search rows, want 2: %q", len(rows), rows)
	}
	for _, row := range rows {
		if strings.Contains(row, "found") || !strings.Contains(row, "refused") {
			t.Errorf("a refused search's row does not say it was refused: %q", row)
		}
		if strings.Contains(row, "open a file") {
			t.Errorf("a refused search's row shows the query's text: %q", row)
		}
	}
	// both made within one clock tick: either order
	long, limit := rows[0], rows[1]
	if strings.Contains(long, "limit") {
		long, limit = limit, long
	}
	if !strings.Contains(long, "query:") || !strings.Contains(long, "600 B") || !strings.Contains(long, "512") {
		t.Errorf("the long query's row does not say why (the query's size over its ceiling) and its size: %q", long)
	}
	if !strings.Contains(limit, "limit:") || !strings.Contains(limit, "11 B") {
		t.Errorf("the fractional limit's row does not name the limit and give the query's size: %q", limit)
	}
}
