package models

import (
	"context"
	"fmt"
	"time"
)

// RunLoad describes synthetic run evidence for scale tests: Events events
// over Runs runs, evenly spread over the Days days that end now; a run's
// events are consecutive (a run lives for a while, then the next starts),
// in the mix a deferred run writes (a search, a step, a call).
type RunLoad struct {
	Events int
	Runs   int
	Days   int
	// Prefix starts every run id (default "load").
	Prefix string
}

// runLoadChunk is how many events one COPY (one statement, one totals
// trigger) of the loader carries.
const runLoadChunk = 50000

// LoadRunEvents writes the load's events through the evidence writer's
// own path (COPY on Postgres, multi-row INSERTs on SQLite) in chunks,
// making the day partitions first, and calls progress after each chunk
// with the events written so far. It is for scale tests and the proof
// (`console runs load`), not for production databases.
func (s *Store) LoadRunEvents(ctx context.Context, l RunLoad, progress func(written int)) error {
	if l.Events <= 0 || l.Runs <= 0 || l.Days <= 0 {
		return fmt.Errorf("models: run load: events, runs and days must be positive (got %d, %d, %d)", l.Events, l.Runs, l.Days)
	}
	if l.Prefix == "" {
		l.Prefix = "load"
	}
	end := time.Now().UTC()
	start := end.Add(-time.Duration(l.Days) * 24 * time.Hour)
	if err := s.EnsureRunPartitions(ctx, start, end); err != nil {
		return err
	}
	span := end.Sub(start)
	perRun := (l.Events + l.Runs - 1) / l.Runs
	kinds := [...]string{RunSearch, RunStep, RunStep, RunCall}
	buf := make([]RunEvent, 0, runLoadChunk)
	for i := 0; i < l.Events; i++ {
		run := i / perRun
		k := kinds[i%len(kinds)]
		e := RunEvent{Run: fmt.Sprintf("%s-%07d", l.Prefix, run), Kind: k, Agent: "dev-helper", Profile: "default", ProfileVersion: 1, Step: (i % perRun) / 2,
			Surface: "3f9a1c0d5e7b2a4c", CreatedAt: start.Add(time.Duration(float64(span) * float64(i) / float64(l.Events)))}
		switch k {
		case RunSearch:
			e.QueryBytes, e.Hits, e.Receipts = 42, 5, "8c1d0e2f4a6b9c3d"
		case RunStep:
			e.Active, e.Activated, e.Reachable, e.Accepted, e.SchemaBytes, e.TextBytes, e.Tokens, e.PrefixTokens = 12, 3, 151, 2, 3000, 24000, 5200, 4100
			e.Digest = "5b2e9f0c1a7d3e6b8c4f0a2d9e1b7c5a3f6d8e0b2c4a6f8e1d3b5c7a9e0f2d4b"
		case RunCall:
			e.Tool, e.Verdict = "github.get_issue", "allowed"
		}
		buf = append(buf, e)
		if len(buf) == runLoadChunk || i == l.Events-1 {
			if err := s.SaveRunEvents(ctx, buf); err != nil {
				return err
			}
			buf = buf[:0]
			if progress != nil {
				progress(i + 1)
			}
		}
	}
	return nil
}
