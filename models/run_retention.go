package models

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DefaultRunRetention is how long run evidence is kept when
// CONSOLE_RUN_RETENTION is unset.
const DefaultRunRetention = 30 * 24 * time.Hour

// MinRunRetention is the shortest retention any replica may run with: a
// run owner claimed less than this long ago is never removed by a
// retention pass, whatever CONSOLE_RUN_RETENTION a replica has.
const MinRunRetention = 24 * time.Hour

// MaxRunRetentionDays bounds CONSOLE_RUN_RETENTION (a hundred years):
// a longer one keeps everything, and a number of days past about 106,000
// overflows a duration (213505d wrapped to about one day).
const MaxRunRetentionDays = 36500

// ParseRunRetention reads a retention setting: a number of days ("30d")
// or a Go duration ("720h"), from one day to MaxRunRetentionDays; "" is
// the default.
func ParseRunRetention(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultRunRetention, nil
	}
	tooLong := fmt.Errorf("CONSOLE_RUN_RETENTION: %q is longer than the limit; keep at most %dd", s, MaxRunRetentionDays)
	var d time.Duration
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(days, "-") {
			return 0, tooLong
		}
		if err != nil {
			return 0, fmt.Errorf("CONSOLE_RUN_RETENTION: %q is not a number of days (e.g. 30d) or a duration (e.g. 720h)", s)
		}
		if n > MaxRunRetentionDays {
			return 0, tooLong
		}
		d = time.Duration(n) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("CONSOLE_RUN_RETENTION: %q is not a number of days (e.g. 30d) or a duration (e.g. 720h)", s)
		}
	}
	if d < MinRunRetention {
		return 0, fmt.Errorf("CONSOLE_RUN_RETENTION: %q is under one day; keep at least 1d", s)
	}
	if d > time.Duration(MaxRunRetentionDays)*24*time.Hour {
		return 0, tooLong
	}
	return d, nil
}

// RetentionResult says what one retention pass removed.
type RetentionResult struct {
	// Partitions are the day partitions dropped (Postgres).
	Partitions []string
	// Events is how many events were deleted row by row (SQLite).
	Events int64
	// Runs is how many runs' totals left with their last event.
	Runs int64
	// Owners is how many runs' owners left (pruneRunOwners).
	Owners int64
}

// pruneOwners removes the owner of every run claimed before a time (its
// parameter) that has no totals left: its evidence left by retention, or
// it never stored any. A run still holding evidence keeps its owner, so
// no other key can write to it; a run id whose evidence is gone may be
// opened afresh.
const pruneOwners = "DELETE FROM run_owners WHERE created_at < %s AND NOT EXISTS (SELECT 1 FROM run_totals t WHERE t.run = run_owners.run)"

// sqliteRetentionBatch is how many events one SQLite delete removes; the
// writer gets the database between batches.
const sqliteRetentionBatch = 5000

// retentionYield is how long a Postgres pass rests after each day it
// drops, as a multiple of the time that day took: retention is
// background work, and resting twice as long as it worked leaves the
// writers two thirds of the pass's time at their full rate (the drop
// itself costs them CPU and catalog invalidations on a small machine).
const retentionYield = 2

// maxRetentionRest bounds one rest, so a slow drop does not stretch the
// pass by minutes.
const maxRetentionRest = time.Second

// rest waits d, or until ctx ends.
func rest(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// PruneRunEvents removes the run evidence older than cutoff. On Postgres
// it drops every day partition that ends at or before cutoff, each
// detached CONCURRENTLY first (a lock writers pass) and then dropped, so
// writers are not blocked; the legacy partition of a converted database
// leaves whole once its newest day is past. On SQLite it deletes the old
// events in batches. Between two days a Postgres pass rests twice as
// long as the last drop took (retentionYield). Then the totals of runs whose last event is older
// than the oldest evidence kept are removed (a run that spans the cutoff
// keeps its totals, which count every event it recorded), and the owners
// of runs claimed before it that have no totals left (pruneOwners).
func (s *Store) PruneRunEvents(ctx context.Context, cutoff time.Time) (RetentionResult, error) {
	var res RetentionResult
	if s.dialect != DialectPostgres {
		for {
			r := s.with(ctx).Exec("DELETE FROM run_events WHERE id IN (SELECT id FROM run_events WHERE created_at < ? ORDER BY id LIMIT ?)", cutoff.UTC(), sqliteRetentionBatch)
			if r.Error != nil {
				return res, fmt.Errorf("models: run retention: %w", r.Error)
			}
			res.Events += r.RowsAffected
			if r.RowsAffected < sqliteRetentionBatch {
				break
			}
		}
		r := s.with(ctx).Exec("DELETE FROM run_totals WHERE last_at < ?", cutoff.UTC())
		if r.Error != nil {
			return res, fmt.Errorf("models: run retention: %w", r.Error)
		}
		res.Runs = r.RowsAffected
		r = s.with(ctx).Exec(fmt.Sprintf(pruneOwners, "?"), cutoff.UTC())
		if r.Error != nil {
			return res, fmt.Errorf("models: run retention: owners: %w", r.Error)
		}
		res.Owners = r.RowsAffected
		return res, nil
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return res, fmt.Errorf("models: run retention: %w", err)
	}
	// DETACH … CONCURRENTLY cannot run in a transaction: one connection,
	// holding the partitions' advisory lock for the pass
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return res, fmt.Errorf("models: run retention: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock("+runPartitionLock+")"); err != nil {
		return res, fmt.Errorf("models: run retention: %w", err)
	}
	defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock("+runPartitionLock+")") //nolint:errcheck // the session ends with the connection anyway
	parts, err := runPartitions(s.with(ctx))
	if err != nil {
		return res, err
	}
	// kept: where the oldest partition left starts (cutoff when none is)
	kept, left := cutoff, false
	var worked time.Duration // the last day's detach and drop
	for _, p := range parts {
		if p.To.After(cutoff) {
			if !left || p.From.Before(kept) {
				kept, left = p.From, true
			}
			continue
		}
		if len(res.Partitions) > 0 {
			if err := rest(ctx, min(retentionYield*worked, maxRetentionRest)); err != nil {
				return res, fmt.Errorf("models: run retention: %w", err)
			}
		}
		began := time.Now()
		if _, err := conn.ExecContext(ctx, "ALTER TABLE run_events DETACH PARTITION "+p.Name+" CONCURRENTLY"); err != nil {
			// a detach interrupted earlier is finished instead
			if !strings.Contains(err.Error(), "pending detach") {
				return res, fmt.Errorf("models: run retention: detach %s: %w", p.Name, err)
			}
			if _, err := conn.ExecContext(ctx, "ALTER TABLE run_events DETACH PARTITION "+p.Name+" FINALIZE"); err != nil {
				return res, fmt.Errorf("models: run retention: finish detaching %s: %w", p.Name, err)
			}
		}
		if _, err := conn.ExecContext(ctx, "DROP TABLE "+p.Name); err != nil {
			return res, fmt.Errorf("models: run retention: drop %s: %w", p.Name, err)
		}
		res.Partitions = append(res.Partitions, p.Name)
		worked = time.Since(began)
	}
	if len(res.Partitions) > 0 {
		r, err := conn.ExecContext(ctx, "DELETE FROM run_totals WHERE last_at < $1", kept)
		if err != nil {
			return res, fmt.Errorf("models: run retention: %w", err)
		}
		res.Runs, _ = r.RowsAffected()
	}
	r, err := conn.ExecContext(ctx, fmt.Sprintf(pruneOwners, "$1"), kept)
	if err != nil {
		return res, fmt.Errorf("models: run retention: owners: %w", err)
	}
	res.Owners, _ = r.RowsAffected()
	return res, nil
}
