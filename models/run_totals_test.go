package models_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRunTotalsKeptAsEventsAreWritten: the runs list comes from run
// totals that the database keeps as events are written — by the console's
// own batch writer, by a plain INSERT as an older binary writes during a
// rolling upgrade, and from the events stored before the migration — on
// both databases; a failed batch counts nothing.
func TestRunTotalsKeptAsEventsAreWritten(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			if _, err := s.MigrateBefore(ctx, 200); err != nil {
				t.Fatal(err)
			}
			t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
			// stored before the totals existed
			before := []models.RunEvent{
				{Run: "old", Kind: models.RunSearch, Agent: "analyst", Surface: "s", CreatedAt: t0},
				{Run: "old", Kind: models.RunStep, Agent: "analyst", Surface: "s", Step: 1, CreatedAt: t0.Add(time.Second)},
				{Run: "both", Kind: models.RunStep, Agent: "analyst", Surface: "s", Step: 1, CreatedAt: t0.Add(2 * time.Second)},
			}
			if err := s.SaveRunEvents(ctx, before); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var batch []models.RunEvent
			for i := range 450 { // over one statement's chunk
				batch = append(batch, models.RunEvent{Run: fmt.Sprintf("new-%d", i%3), Kind: []string{models.RunStep, models.RunCall}[i%2], Agent: "dev", Surface: "s", Step: i, CreatedAt: t0.Add(time.Hour + time.Duration(i)*time.Millisecond)})
			}
			batch = append(batch, models.RunEvent{Run: "both", Kind: models.RunStep, Agent: "analyst", Surface: "s", Step: 2, CreatedAt: t0.Add(2 * time.Hour)})
			if err := s.SaveRunEvents(ctx, batch); err != nil {
				t.Fatal(err)
			}
			// an older binary's write: one plain INSERT
			if err := s.Exec(ctx, "INSERT INTO run_events (run, kind, agent, profile, profile_version, step, surface, created_at) VALUES ('legacy', 'step', 'ops', '', 0, 1, 's', ?)", t0.Add(3*time.Hour)); err != nil {
				t.Fatal(err)
			}
			// a batch that fails (a run id over the column's size on
			// Postgres, a canceled context on SQLite) counts nothing
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			bad := []models.RunEvent{{Run: "failed", Kind: models.RunStep, Agent: "dev", Surface: "s", CreatedAt: t0}, {Run: string(make([]byte, 300)), Kind: models.RunStep, Agent: "dev", Surface: "s"}}
			if err := s.SaveRunEvents(cctx, bad); err == nil {
				t.Fatal("a failing batch was stored")
			}
			runs, err := s.RecentRuns(ctx, 10)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]models.RunSummary{}
			var order []string
			for _, r := range runs {
				got[r.Run] = r
				order = append(order, r.Run)
			}
			type totals struct {
				events, steps int
				last          time.Duration // after t0: the run's latest event, exactly
			}
			want := map[string]totals{
				"old": {2, 1, time.Second}, "both": {2, 2, 2 * time.Hour}, "legacy": {1, 1, 3 * time.Hour},
				// the batch's last event of each run: steps 447, 448, 449
				"new-0": {150, 75, time.Hour + 447*time.Millisecond}, "new-1": {150, 75, time.Hour + 448*time.Millisecond}, "new-2": {150, 75, time.Hour + 449*time.Millisecond},
			}
			if len(runs) != len(want) {
				t.Fatalf("runs %v, want %d", order, len(want))
			}
			for run, w := range want {
				r := got[run]
				if r.Events != w.events || r.Steps != w.steps || !r.Last.Equal(t0.Add(w.last)) {
					t.Errorf("%s: %+v, want events %d steps %d last t0+%v", run, r, w.events, w.steps, w.last)
				}
			}
			if order[0] != "legacy" || order[len(order)-1] != "old" {
				t.Errorf("order %v: the latest activity first", order)
			}
			if got["old"].Agent != "analyst" || got["legacy"].Agent != "ops" {
				t.Errorf("agents %+v", got)
			}
			evs, err := s.RunEvents(ctx, "new-1", 10)
			if err != nil || len(evs) != 10 || evs[9].Step != 448 || evs[0].Step != 421 {
				t.Fatalf("latest 10 events of new-1: %d, %v", len(evs), err)
			}
		})
	}
}

// TestRunTotalsUnderConcurrentWriters: two stores on one Postgres (as two
// console processes) write batches that share runs, in shuffled orders,
// at the same time; no write fails (no deadlock between the totals'
// upserts) and every run's totals equal a count of its stored events.
func TestRunTotalsUnderConcurrentWriters(t *testing.T) {
	u := modelstest.RequirePostgres(t)
	ctx := context.Background()
	a, url := modelstest.OpenURL(t, modelstest.Dialect{Name: models.DialectPostgres, URL: u})
	b, err := models.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		s := []*models.Store{a, b}[w%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			for range 40 {
				batch := make([]models.RunEvent, 20)
				for i := range batch {
					batch[i] = models.RunEvent{Run: fmt.Sprintf("shared-%d", r.IntN(10)), Kind: []string{models.RunStep, models.RunSearch}[r.IntN(2)], Agent: "dev", Surface: "s"}
				}
				if err := s.SaveRunEvents(ctx, batch); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a concurrent write failed: %v", err)
	}
	var want []struct {
		Run    string
		Events int
		Steps  int
	}
	if err := a.RawScan(ctx, &want, "SELECT run, COUNT(*) AS events, COUNT(*) FILTER (WHERE kind = 'step') AS steps FROM run_events GROUP BY run ORDER BY run"); err != nil {
		t.Fatal(err)
	}
	runs, err := a.RecentRuns(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]models.RunSummary{}
	total := 0
	for _, r := range runs {
		got[r.Run] = r
	}
	for _, w := range want {
		total += w.Events
		if g := got[w.Run]; g.Events != w.Events || g.Steps != w.Steps {
			t.Errorf("%s: totals %d events %d steps, stored %d and %d", w.Run, g.Events, g.Steps, w.Events, w.Steps)
		}
	}
	if total != 8*40*20 || len(runs) != len(want) {
		t.Errorf("%d events stored over %d runs (totals: %d runs), want %d", total, len(want), len(runs), 8*40*20)
	}
}
