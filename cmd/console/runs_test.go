package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunsLoad: `console runs load` writes the events it is asked for
// over the runs and days given, and the runs' totals count them; bad
// flags are refused naming the flag.
func TestRunsLoad(t *testing.T) {
	db := filepath.Join(t.TempDir(), "l.db")
	out, err := runCLI(t, db, "runs", "load", "--events", "1000", "--runs", "10", "--days", "3")
	if err != nil || !strings.Contains(out, "loaded 1000 events over 10 runs and 3 days") {
		t.Fatalf("%s %v", out, err)
	}
	s, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	runs, err := s.RecentRuns(context.Background(), 100)
	if err != nil || len(runs) != 10 || runs[0].Run != "load-0000009" || runs[0].Events != 100 || runs[0].Steps != 50 {
		t.Fatalf("runs after the load: %+v, %v", runs, err)
	}
	for args, want := range map[string]string{"runs load": "--events", "runs load --events 10 --days 0": "--days", "runs load --events 10 --runs -1": "--runs", "runs": "usage"} {
		_, err := runCLI(t, db, strings.Fields(args)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", args, err)
		}
	}
}
