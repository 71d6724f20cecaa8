package models_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRetentionKeepsWritersGoing: on Postgres, with events over 40 days
// (20,000 in the suite; CONSOLE_RUN_EVENTS sets another number), a
// retention pass drops the ten days past 30 while four writers keep
// storing step evidence in batches of 50, as the evidence writer does.
// No write fails and no event of a day before the cutoff's is left; it prints the writers'
// throughput during the drop against the seconds before it, and their
// longest batch (figures, never asserted: the proof reports them).
func TestRetentionKeepsWritersGoing(t *testing.T) {
	u := modelstest.RequirePostgres(t)
	n := 20000
	if v := os.Getenv("CONSOLE_RUN_EVENTS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1000 {
			t.Fatalf("CONSOLE_RUN_EVENTS=%q: give a number of events ≥ 1000", v)
		}
	}
	ctx := context.Background()
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: u})
	if err := s.LoadRunEvents(ctx, models.RunLoad{Events: n, Runs: max(1, n/100), Days: 40, Prefix: "old"}, nil); err != nil {
		t.Fatal(err)
	}
	var (
		written  atomic.Int64
		longest  [2]atomic.Int64 // µs: before the drop, during it
		phase    atomic.Int32
		stop     = make(chan struct{})
		wg       sync.WaitGroup
		failures atomic.Int64
	)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			batch := make([]models.RunEvent, 50)
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				for j := range batch {
					batch[j] = stepAt(fmt.Sprintf("live-%d-%d", w, i%20), time.Time{})
				}
				began := time.Now()
				if err := s.SaveRunEvents(ctx, batch); err != nil {
					failures.Add(1)
					t.Error(err)
					return
				}
				took := time.Since(began).Microseconds()
				l := &longest[phase.Load()]
				for old := l.Load(); took > old && !l.CompareAndSwap(old, took); old = l.Load() {
				}
				written.Add(int64(len(batch)))
			}
		}()
	}
	time.Sleep(500 * time.Millisecond) // writers warm
	w0, t0 := written.Load(), time.Now()
	time.Sleep(2 * time.Second)
	w1, t1 := written.Load(), time.Now()
	phase.Store(1)
	cutoff := time.Now().AddDate(0, 0, -30)
	res, err := s.PruneRunEvents(ctx, cutoff)
	w2, t2 := written.Load(), time.Now()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Partitions) < 10 {
		t.Errorf("dropped %v: want the ten days past 30", res.Partitions)
	}
	// whole days leave: the cutoff's own day stays until it is past
	old, err := s.Raw(ctx, "SELECT COUNT(*) FROM run_events WHERE created_at < ?", day(cutoff))
	if err != nil || old != 0 {
		t.Errorf("%d events of the days before the cutoff's left, %v", old, err)
	}
	if failures.Load() > 0 {
		t.Fatalf("%d writes failed during retention", failures.Load())
	}
	before := float64(w1-w0) / t1.Sub(t0).Seconds()
	during := float64(w2-w1) / t2.Sub(t1).Seconds()
	// the proof reads this line
	fmt.Printf("retention with %d events: dropped %d day partitions in %.0f ms; writes during the drop %.0f events/s, before %.0f events/s (ratio %.2f); longest batch during %.1f ms, before %.1f ms\n",
		n, len(res.Partitions), float64(t2.Sub(t1).Microseconds())/1000, during, before, during/before, float64(longest[1].Load())/1000, float64(longest[0].Load())/1000)
}
