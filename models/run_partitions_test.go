package models_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

func day(t time.Time) time.Time { return t.UTC().Truncate(24 * time.Hour) }

func partitionNames(t *testing.T, s *models.Store) []string {
	t.Helper()
	var names []string
	if err := s.RawScan(context.Background(), &names, `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		WHERE i.inhparent = 'run_events'::regclass ORDER BY c.relname`); err != nil {
		t.Fatal(err)
	}
	return names
}

func stepAt(run string, at time.Time) models.RunEvent {
	return models.RunEvent{Run: run, Kind: models.RunStep, Agent: "dev", Surface: "s", Step: 1, CreatedAt: at}
}

// TestRunEventsBecomePartitionedByDay: migration 201 turns an existing
// run_events table with events into a table partitioned by day of the
// same name: the old events stay (in the legacy partition), ids go on
// from the same sequence, the days up to a week ahead have partitions, a
// write for a day without one makes it, and a plain INSERT (an older
// binary) still lands and is counted.
func TestRunEventsBecomePartitionedByDay(t *testing.T) {
	u := modelstest.RequirePostgres(t)
	ctx := context.Background()
	s, _ := modelstest.OpenEmpty(t, modelstest.Dialect{Name: models.DialectPostgres, URL: u})
	if _, err := s.MigrateBefore(ctx, 201); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	old := []models.RunEvent{stepAt("a", now.AddDate(0, 0, -3)), stepAt("a", now.AddDate(0, 0, -2)), stepAt("b", now)}
	if err := s.SaveRunEvents(ctx, old); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var kind string
	if err := s.RawScan(ctx, &kind, "SELECT relkind::text FROM pg_class WHERE oid = 'run_events'::regclass"); err != nil || kind != "p" {
		t.Fatalf("run_events relkind %q, %v: want a partitioned table", kind, err)
	}
	names := partitionNames(t, s)
	want := []string{"run_events_legacy"}
	for d := day(now).AddDate(0, 0, 1); !d.After(day(now).AddDate(0, 0, 7)); d = d.AddDate(0, 0, 1) {
		want = append(want, "run_events_p"+d.Format("20060102"))
	}
	if !slices.Equal(names, want) {
		t.Fatalf("partitions %v, want %v", names, want)
	}
	// tomorrow's partition, one 30 days ahead that is made on demand, and
	// an older binary's plain INSERT
	later := []models.RunEvent{stepAt("a", day(now).AddDate(0, 0, 1).Add(time.Hour)), stepAt("c", now.AddDate(0, 0, 30))}
	if err := s.SaveRunEvents(ctx, later); err != nil {
		t.Fatal(err)
	}
	if err := s.Exec(ctx, "INSERT INTO run_events (run, kind, agent, profile, profile_version, step, surface, created_at) VALUES ('a', 'step', 'dev', '', 0, 9, 's', now())"); err != nil {
		t.Fatal(err)
	}
	if n := partitionNames(t, s); !slices.Contains(n, "run_events_p"+now.AddDate(0, 0, 30).Format("20060102")) {
		t.Fatalf("no partition made for a day 30 days ahead: %v", n)
	}
	evs, err := s.RunEvents(ctx, "a", 10)
	if err != nil || len(evs) != 4 {
		t.Fatalf("run a: %d events, %v", len(evs), err)
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].ID <= evs[i-1].ID {
			t.Errorf("ids do not go on from the old sequence: %d after %d", evs[i].ID, evs[i-1].ID)
		}
	}
	runs, err := s.RecentRuns(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		if r.Run == "a" && r.Events != 4 {
			t.Errorf("run a totals %+v, want 4 events", r)
		}
	}
}

// TestRunRetentionDropsOldDays: a retention pass removes the evidence
// older than the cutoff — whole day partitions on Postgres (the legacy
// partition with them once its days are past), batched deletes on SQLite
// — and the totals of runs whose evidence left entirely; a run that spans
// the cutoff keeps its recent events and its totals. A second pass
// removes nothing more.
func TestRunRetentionDropsOldDays(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		now := time.Now().UTC()
		var evs []models.RunEvent
		for i := range 12000 { // over SQLite's batch of 5,000
			evs = append(evs, stepAt(fmt.Sprintf("gone-%d", i%4), now.AddDate(0, 0, -40).Add(time.Duration(i)*time.Second)))
		}
		evs = append(evs, stepAt("spans", now.AddDate(0, 0, -35)), stepAt("spans", now.AddDate(0, 0, -1)), stepAt("recent", now))
		if err := s.SaveRunEvents(ctx, evs); err != nil {
			t.Fatal(err)
		}
		before := 0
		if s.Dialect() == models.DialectPostgres {
			before = len(partitionNames(t, s))
		}
		res, err := s.PruneRunEvents(ctx, now.AddDate(0, 0, -30))
		if err != nil {
			t.Fatal(err)
		}
		if s.Dialect() == models.DialectPostgres {
			// days -40 … -31 (made on demand for the old events) leave
			if len(res.Partitions) != 10 || len(partitionNames(t, s)) != before-10 {
				t.Errorf("dropped %v, %d partitions left of %d", res.Partitions, len(partitionNames(t, s)), before)
			}
		} else if res.Events != 12001 {
			t.Errorf("deleted %d events, want 12001", res.Events)
		}
		if res.Runs != 4 {
			t.Errorf("removed %d runs' totals, want 4", res.Runs)
		}
		var left int64
		if err := s.RawScan(ctx, &left, "SELECT COUNT(*) FROM run_events"); err != nil || left != 2 {
			t.Fatalf("%d events left, %v; want 2", left, err)
		}
		runs, err := s.RecentRuns(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, r := range runs {
			names = append(names, r.Run)
		}
		if !slices.Equal(names, []string{"recent", "spans"}) {
			t.Errorf("runs after retention %v", names)
		}
		again, err := s.PruneRunEvents(ctx, now.AddDate(0, 0, -30))
		if err != nil || len(again.Partitions) != 0 || again.Events != 0 || again.Runs != 0 {
			t.Errorf("second pass %+v, %v", again, err)
		}
	})
}

// TestParseRunRetention: days or a duration, from one day to the limit;
// a number of days whose duration overflows (213505d wrapped to about a
// day, and a retention pass deleted two-day-old evidence; 106752d wrapped
// below zero and was refused as under one day) is refused naming the
// limit.
func TestParseRunRetention(t *testing.T) {
	for in, want := range map[string]time.Duration{"": 30 * 24 * time.Hour, "7d": 7 * 24 * time.Hour, "36h": 36 * time.Hour, " 90d ": 90 * 24 * time.Hour,
		fmt.Sprintf("%dd", models.MaxRunRetentionDays): time.Duration(models.MaxRunRetentionDays) * 24 * time.Hour} {
		if got, err := models.ParseRunRetention(in); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0d", "12h", "-3d", "thirty", "3w", "d"} {
		if _, err := models.ParseRunRetention(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	over := fmt.Sprintf("at most %dd", models.MaxRunRetentionDays)
	for _, in := range []string{"213505d", "106752d", fmt.Sprintf("%dd", models.MaxRunRetentionDays+1), fmt.Sprintf("%dh", 24*(models.MaxRunRetentionDays+1)), "99999999999999999999d"} {
		if d, err := models.ParseRunRetention(in); err == nil || !strings.Contains(err.Error(), "CONSOLE_RUN_RETENTION") || !strings.Contains(err.Error(), over) {
			t.Errorf("%q: %v, %v; want a refusal saying %s", in, d, err, over)
		}
	}
}
