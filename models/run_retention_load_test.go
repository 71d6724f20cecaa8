package models_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRetentionKeepsWritersGoing: on Postgres, with events over 40 days
// (20,000 in the suite; CONSOLE_RUN_EVENTS sets another number), a
// retention pass drops the ten days past 30 while four writers keep
// storing step evidence in batches of 50, as the evidence writer does.
// No write fails and no event of a day before the cutoff's is left
// (PruneUnderWriters checks both, for TestRunsPagesAtScale too); it
// prints the writers' throughput during the drop against before it, and
// their longest batch (figures, never asserted: the proof reports them).
// The phases wait on the writers' progress, not on a clock.
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
	modelstest.SettleAfterLoad(t, s)
	cutoff := time.Now().AddDate(0, 0, -30)
	f := modelstest.PruneUnderWriters(t, s, cutoff)
	if len(f.Dropped) < 10 {
		t.Errorf("dropped %v: want the ten days past 30", f.Dropped)
	}
	// the proof reads this line
	fmt.Printf("retention with %d events: %s\n", n, f)
}
