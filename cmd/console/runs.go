package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// runRuns runs `console runs load`: synthetic run evidence for scale
// tests and the proof (never for a production database).
func runRuns(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "load" {
		return &exitError{2, fmt.Errorf("usage: console runs load --events N [--runs N] [--days N]")}
	}
	fs := flag.NewFlagSet("runs load", flag.ContinueOnError)
	events := fs.Int("events", 0, "events to write (required)")
	runs := fs.Int("runs", 0, "runs they belong to (default: one per 100 events)")
	days := fs.Int("days", 30, "days they are spread over, ending now")
	prefix := fs.String("prefix", "load", "start of every run id")
	if err := fs.Parse(args[1:]); err != nil {
		return &exitError{2, err}
	}
	if *events <= 0 {
		return &exitError{2, fmt.Errorf("--events: give a positive number of events")}
	}
	if *days <= 0 {
		return &exitError{2, fmt.Errorf("--days: give a positive number of days")}
	}
	if *runs == 0 {
		*runs = max(1, *events/100)
	}
	if *runs < 0 {
		return &exitError{2, fmt.Errorf("--runs: give a positive number of runs")}
	}
	store, err := openDBForWrites(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	if _, err := store.Migrate(ctx); err != nil {
		return err
	}
	began := time.Now()
	next := 0
	err = store.LoadRunEvents(ctx, models.RunLoad{Events: *events, Runs: *runs, Days: *days, Prefix: *prefix}, func(n int) {
		if n >= next {
			fmt.Fprintln(stdout, plural.Count(int(n), "event")+" written")
			next = n + *events/10
		}
	})
	if err != nil {
		return err
	}
	secs := time.Since(began).Seconds()
	fmt.Fprintf(stdout, "loaded %s over %s and %s in %.1f s (%.0f events/s)\n", plural.Count(*events, "event"), plural.Count(*runs, "run"), plural.Count(*days, "day"), secs, float64(*events)/secs)
	return nil
}
