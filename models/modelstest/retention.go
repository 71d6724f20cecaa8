package modelstest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// RetentionFigures are what a retention pass under writers measured.
type RetentionFigures struct {
	// Dropped names the partitions the pass dropped.
	Dropped []string
	// Took is the pass's duration.
	Took time.Duration
	// Before and During are the writers' events per second before the
	// pass and while it ran.
	Before, During float64
	// LongestBefore and LongestDuring are the writers' longest batch
	// before the pass and while it ran.
	LongestBefore, LongestDuring time.Duration
}

// Ratio is the writers' throughput during the pass over before it.
func (f RetentionFigures) Ratio() float64 { return f.During / f.Before }

// String is the line the proof and scripts/evidence_at_scale.sh read.
func (f RetentionFigures) String() string {
	return fmt.Sprintf("dropped %d day partitions in %.0f ms; writes during the drop %.0f events/s, before %.0f events/s (ratio %.2f); longest batch during %.1f ms, before %.1f ms",
		len(f.Dropped), ms(f.Took), f.During, f.Before, f.Ratio(), ms(f.LongestDuring), ms(f.LongestBefore))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// writersBatch and writersBefore: four writers store step evidence in
// batches of 50, as the evidence writer does; their throughput before the
// pass is taken over the time they need for writersBefore events (about a
// second at 40,000 events/s).
const (
	writersBatch  = 50
	writersBefore = 800 * writersBatch
	writersWait   = 3 * time.Minute // a generous bound on each wait, never a figure
)

// PruneUnderWriters runs s.PruneRunEvents(cutoff) while four writers keep
// storing step evidence for live runs, and measures their throughput
// before and during the pass. Each phase waits on the writers' progress
// (every writer past its first batches, then writersBefore events
// written), not on a clock; a wait past its generous bound, a failed
// write, a failed pass or an event left of a day before the cutoff's
// (whole days leave: the cutoff's own day stays until it is past) fails
// the test.
func PruneUnderWriters(t testing.TB, s *models.Store, cutoff time.Time) RetentionFigures {
	t.Helper()
	ctx := context.Background()
	var (
		written  atomic.Int64
		batches  [4]atomic.Int64
		longest  [2]atomic.Int64 // µs: before the pass, during it
		phase    atomic.Int32
		stop     = make(chan struct{})
		wg       sync.WaitGroup
		failures atomic.Int64
	)
	for w := range batches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			batch := make([]models.RunEvent, writersBatch)
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				for j := range batch {
					batch[j] = models.RunEvent{Run: fmt.Sprintf("live-%d-%d", w, i%20), Kind: models.RunStep, Agent: "dev", Surface: "s", Step: 1}
				}
				began := time.Now()
				if err := s.SaveRunEvents(ctx, batch); err != nil {
					failures.Add(1)
					t.Errorf("writer %d: %v", w, err)
					return
				}
				took := time.Since(began).Microseconds()
				l := &longest[phase.Load()]
				for old := l.Load(); took > old && !l.CompareAndSwap(old, took); old = l.Load() {
				}
				written.Add(writersBatch)
				batches[w].Add(1)
			}
		}()
	}
	defer func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}()
	waitFor := func(what string, done func() bool) {
		t.Helper()
		deadline := time.Now().Add(writersWait)
		for !done() {
			if failures.Load() > 0 {
				t.Fatalf("a writer failed while waiting for %s", what)
			}
			if time.Now().After(deadline) {
				t.Fatalf("writers: no %s within %v", what, writersWait)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor("two batches from every writer", func() bool {
		for i := range batches {
			if batches[i].Load() < 2 {
				return false
			}
		}
		return true
	})
	longest[0].Store(0) // the first batches open connections
	w0, t0 := written.Load(), time.Now()
	waitFor(fmt.Sprintf("%d events", writersBefore), func() bool { return written.Load()-w0 >= writersBefore })
	w1, t1 := written.Load(), time.Now()
	phase.Store(1)
	res, err := s.PruneRunEvents(ctx, cutoff)
	w2, t2 := written.Load(), time.Now()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("retention pass: %v", err)
	}
	if n := failures.Load(); n > 0 {
		t.Fatalf("%d writes failed during retention", n)
	}
	if old, err := s.Raw(ctx, "SELECT COUNT(*) FROM run_events WHERE created_at < ?", cutoff.UTC().Truncate(24*time.Hour)); err != nil || old != 0 {
		t.Errorf("%d events of the days before the cutoff's left, %v", old, err)
	}
	return RetentionFigures{
		Dropped: res.Partitions, Took: t2.Sub(t1),
		Before: float64(w1-w0) / t1.Sub(t0).Seconds(), During: float64(w2-w1) / t2.Sub(t1).Seconds(),
		LongestBefore: time.Duration(longest[0].Load()) * time.Microsecond, LongestDuring: time.Duration(longest[1].Load()) * time.Microsecond,
	}
}

// SettleAfterLoad readies a Postgres store after a bulk load for timing:
// fresh planner statistics for run_events and run_totals, and a
// checkpoint, so the load's own checkpoint (spread over minutes) does not
// write through the measurements that follow. Without the right to
// CHECKPOINT it says so and goes on: the figures then may include it.
func SettleAfterLoad(t testing.TB, s *models.Store) {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{"ANALYZE run_events", "ANALYZE run_totals"} {
		if err := s.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s.Exec(ctx, "CHECKPOINT"); err != nil {
		t.Logf("CHECKPOINT: %v (the figures may include the load's checkpoint)", err)
	}
}
