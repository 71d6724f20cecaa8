package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRunsPagesAtScale: with many stored events on Postgres (20,000 in the
// suite; CONSOLE_RUN_EVENTS sets another number, scripts/evidence_at_scale.sh
// 10 million) spread over 40 day partitions, the runs page lists the
// latest runs with their totals and a run's page its events — the newest
// run, one from the middle and the oldest — and both answer fast: it
// prints the median and p99 of 200 requests each. Then, on the same
// database, a retention pass drops the ten days past 30 while four writers
// store step evidence, and it prints their throughput during the drop
// against before it. Figures, never asserted: the proof and the script
// compare them with the targets.
func TestRunsPagesAtScale(t *testing.T) {
	u := modelstest.RequirePostgres(t)
	n := 20000
	if v := os.Getenv("CONSOLE_RUN_EVENTS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1000 {
			t.Fatalf("CONSOLE_RUN_EVENTS=%q: give a number of events ≥ 1000", v)
		}
	}
	h := newHarness(t, modelstest.Dialect{Name: models.DialectPostgres, URL: u})
	ctx := context.Background()
	runs := n / 100
	began := time.Now()
	if err := h.store.LoadRunEvents(ctx, models.RunLoad{Events: n, Runs: runs, Days: 40}, nil); err != nil {
		t.Fatal(err)
	}
	t.Logf("loaded %d events over %d runs and 40 days in %.1f s", n, runs, time.Since(began).Seconds())
	modelstest.SettleAfterLoad(t, h.store)
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	runID := func(i int) string { return fmt.Sprintf("load-%07d", i) }

	// what the pages show
	res, d := c.get("/runs")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/runs: %d", res.StatusCode)
	}
	rows := d.Find(`[data-testid="runs-table"] tbody tr`)
	if rows.Length() != min(runs, runListRows) {
		t.Fatalf("/runs lists %d runs, want %d", rows.Length(), min(runs, runListRows))
	}
	var first []string
	rows.Eq(0).Find("td").Each(func(_ int, td *goquerySelection) { first = append(first, strings.TrimSpace(td.Text())) })
	if len(first) < 3 || first[0] != runID(runs-1) || !slices.Contains(first, "100") {
		t.Errorf("the newest run first with its 100 events: %v", first)
	}
	pages := []string{"/runs/" + runID(runs-1), "/runs/" + runID(runs/2), "/runs/" + runID(0)}
	for _, p := range pages {
		res, d := c.get(p)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", p, res.StatusCode)
		}
		if got := d.Find(`[data-testid="run-events"] tbody tr`).Length(); got != 100 {
			t.Errorf("%s shows %d events, want 100", p, got)
		}
	}

	// how fast
	timed := func(paths []string) (median, p99 float64) {
		var ms []float64
		for i := range timedRequests {
			p := paths[i%len(paths)]
			start := time.Now()
			res, err := c.http.Get(h.srv.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d", p, res.StatusCode)
			}
			ms = append(ms, float64(time.Since(start).Microseconds())/1000)
		}
		slices.Sort(ms)
		return ms[len(ms)/2], ms[len(ms)*99/100]
	}
	lm, lp := timed([]string{"/runs"})
	pm, pp := timed(pages)
	// the proof reads these two lines
	fmt.Printf("runs list with %d events: median %.1f ms, p99 %.1f ms\n", n, lm, lp)
	fmt.Printf("run page with %d events: median %.1f ms, p99 %.1f ms\n", n, pm, pp)

	// old days leave while steps are written
	cutoff := time.Now().AddDate(0, 0, -30)
	f := modelstest.PruneUnderWriters(t, h.store, cutoff)
	if len(f.Dropped) < 10 {
		t.Errorf("dropped %v: want the ten days past 30", f.Dropped)
	}
	fmt.Printf("retention with %d events: %s\n", n, f)
	if res, _ := c.get("/runs/" + runID(runs-1)); res.StatusCode != http.StatusOK {
		t.Errorf("the newest run after retention: %d", res.StatusCode)
	}
}

// timedRequests is how many requests each page's median and p99 come from.
const timedRequests = 200
