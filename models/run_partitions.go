package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// On Postgres run_events is partitioned by day (native declarative
// partitioning on created_at, UTC days), so retention drops whole days
// instead of deleting rows. A partition is named run_events_pYYYYMMDD;
// the days ahead are created by EnsureRunPartitions (at migration, at
// every maintenance pass and, should a write find its day missing, by
// the writer before it retries). SQLite keeps one table.

// runPartitionLock is the advisory lock key of changes to run_events'
// partitions.
const runPartitionLock = "7028"

// partitionsAhead is how many days after today have a partition ready.
const partitionsAhead = 7

// migratePartitionRunEvents (Postgres) turns run_events into a table
// partitioned by day with the same name and columns, so every binary's
// COPY, INSERT and SELECT work unchanged (a replica of the previous
// release writes through it during a rolling upgrade):
//   - the existing table is renamed run_events_legacy; when it holds
//     events it becomes the partition of every day up to tomorrow (a
//     CHECK constraint, validated by one scan, lets ATTACH skip its own),
//     when it is empty it is dropped;
//   - the id sequence moves to the new table (dropping the legacy
//     partition later must not drop it);
//   - the (run, id) index and the run-totals trigger are made on the new
//     table (an equal index of the legacy partition is attached, not
//     rebuilt), and the days from tomorrow to a week ahead get theirs.
func migratePartitionRunEvents(tx *gorm.DB, dialect string) error {
	if dialect != DialectPostgres {
		return nil
	}
	var seq string
	if err := tx.Raw("SELECT pg_get_serial_sequence('run_events', 'id')").Scan(&seq).Error; err != nil {
		return err
	}
	var legacyUsed bool
	if err := tx.Raw("SELECT EXISTS (SELECT 1 FROM run_events)").Scan(&legacyUsed).Error; err != nil {
		return err
	}
	// the legacy partition covers up to the day after its newest event
	// (and at least up to tomorrow)
	var bound time.Time
	if err := tx.Raw("SELECT GREATEST(COALESCE(MAX(created_at), now()), now()) FROM run_events").Scan(&bound).Error; err != nil {
		return err
	}
	bound = dayOf(bound).AddDate(0, 0, 1)
	stmts := []string{
		"ALTER TABLE run_events RENAME TO run_events_legacy",
		"ALTER INDEX idx_run_events_run RENAME TO idx_run_events_legacy_run",
		"ALTER INDEX idx_run_events_run_id RENAME TO idx_run_events_legacy_run_id",
		"ALTER TABLE run_events_legacy RENAME CONSTRAINT run_events_pkey TO run_events_legacy_pkey",
		"DROP TRIGGER run_events_totals ON run_events_legacy",
		"CREATE TABLE run_events (LIKE run_events_legacy INCLUDING DEFAULTS) PARTITION BY RANGE (created_at)",
	}
	if seq != "" {
		stmts = append(stmts, "ALTER SEQUENCE "+seq+" OWNED BY run_events.id")
	}
	if legacyUsed {
		stmts = append(stmts,
			"ALTER TABLE run_events_legacy ADD CONSTRAINT run_events_legacy_days CHECK (created_at IS NOT NULL AND created_at < "+pgTime(bound)+")",
			"ALTER TABLE run_events ATTACH PARTITION run_events_legacy FOR VALUES FROM (MINVALUE) TO ("+pgTime(bound)+")")
	} else {
		stmts = append(stmts, "DROP TABLE run_events_legacy")
	}
	stmts = append(stmts,
		"CREATE INDEX idx_run_events_run_id ON run_events (run, id)",
		`CREATE TRIGGER run_events_totals AFTER INSERT ON run_events REFERENCING NEW TABLE AS new_events
	FOR EACH STATEMENT EXECUTE FUNCTION run_totals_add()`)
	for _, q := range stmts {
		if err := tx.Exec(q).Error; err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	from := time.Now().UTC()
	if legacyUsed {
		from = bound
	}
	return ensureRunPartitions(tx, dayOf(from), dayOf(time.Now().UTC()).AddDate(0, 0, partitionsAhead+1))
}

// EnsureRunPartitions makes sure run_events has a partition for every
// day from from's through through's, and up to partitionsAhead days after
// today (Postgres; nothing on SQLite). Days an existing partition covers
// are left as they are.
func (s *Store) EnsureRunPartitions(ctx context.Context, from, through time.Time) error {
	if s.dialect != DialectPostgres {
		return nil
	}
	return s.with(ctx).Transaction(func(tx *gorm.DB) error {
		// one replica at a time, retention's passes included; a lock
		// held by a long reader is waited for a while only (the days are
		// made a week ahead: the next pass makes them)
		if err := tx.Exec("SELECT pg_advisory_xact_lock(" + runPartitionLock + ")").Error; err != nil {
			return err
		}
		if err := tx.Exec("SET LOCAL lock_timeout = '5s'").Error; err != nil {
			return err
		}
		to := dayOf(time.Now()).AddDate(0, 0, partitionsAhead+1)
		if end := dayOf(through).AddDate(0, 0, 1); end.After(to) {
			to = end
		}
		return ensureRunPartitions(tx, dayOf(from), to)
	})
}

// ensureRunPartitions creates the partitions of the days in [from, to)
// that no partition covers yet.
func ensureRunPartitions(tx *gorm.DB, from, to time.Time) error {
	parts, err := runPartitions(tx)
	if err != nil {
		return err
	}
	for day := from; day.Before(to); day = day.AddDate(0, 0, 1) {
		next := day.AddDate(0, 0, 1)
		covered := false
		for _, p := range parts {
			if p.covers(day, next) {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		// made on its own and attached: ATTACH locks the parent in SHARE
		// UPDATE EXCLUSIVE mode, which writers pass (CREATE … PARTITION OF
		// would take ACCESS EXCLUSIVE, queueing them behind any long
		// reader); the CHECK constraint spares ATTACH a scan
		name, lo, hi := "run_events_p"+day.Format("20060102"), pgTime(day), pgTime(next)
		for _, q := range []string{
			"CREATE TABLE " + name + " (LIKE run_events INCLUDING DEFAULTS)",
			"ALTER TABLE " + name + " ADD CONSTRAINT " + name + "_day CHECK (created_at IS NOT NULL AND created_at >= " + lo + " AND created_at < " + hi + ")",
			"ALTER TABLE run_events ATTACH PARTITION " + name + " FOR VALUES FROM (" + lo + ") TO (" + hi + ")",
		} {
			if err := tx.Exec(q).Error; err != nil {
				return fmt.Errorf("models: run partition %s: %w", day.Format(time.DateOnly), err)
			}
		}
		parts = append(parts, runPartition{Name: "run_events_p" + day.Format("20060102"), From: day, To: next})
	}
	return nil
}

// runPartition is one partition of run_events and the days it holds,
// [From, To); a zero From is MINVALUE.
type runPartition struct {
	Name     string
	From, To time.Time
}

// covers says whether the partition overlaps [from, to).
func (p runPartition) covers(from, to time.Time) bool {
	return p.From.Before(to) && from.Before(p.To)
}

// runPartitions lists run_events' partitions with their bounds, oldest
// first.
func runPartitions(tx *gorm.DB) ([]runPartition, error) {
	var rows []struct {
		Name  string
		Bound string
	}
	err := tx.Raw(`SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i
	JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'run_events'::regclass ORDER BY c.relname`).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("models: run partitions: %w", err)
	}
	out := make([]runPartition, 0, len(rows))
	for _, r := range rows {
		p, err := parseRunPartition(r.Name, r.Bound)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// parseRunPartition reads a range partition's bound as Postgres prints
// it: FOR VALUES FROM ('2026-12-01 00:00:00+00') TO ('2026-12-02 00:00:00+00'),
// or FROM (MINVALUE).
func parseRunPartition(name, bound string) (runPartition, error) {
	p := runPartition{Name: name}
	rest, ok := strings.CutPrefix(bound, "FOR VALUES FROM (")
	fromS, toS, ok2 := strings.Cut(rest, ") TO (")
	if !ok || !ok2 {
		return p, fmt.Errorf("models: run partition %s: bound %q", name, bound)
	}
	toS = strings.TrimSuffix(toS, ")")
	parse := func(s string) (time.Time, error) {
		if s == "MINVALUE" {
			return time.Time{}, nil
		}
		s = strings.Trim(s, "'")
		for _, layout := range []string{time.DateTime + "-07", time.DateTime + ".999999-07", time.DateTime + "-07:00"} {
			if t, err := time.Parse(layout, s); err == nil {
				return t.UTC(), nil
			}
		}
		return time.Time{}, fmt.Errorf("models: run partition %s: bound %q", name, s)
	}
	var err error
	if p.From, err = parse(fromS); err != nil {
		return p, err
	}
	if p.To, err = parse(toS); err != nil {
		return p, err
	}
	return p, nil
}

// dayOf is the start of t's UTC day.
func dayOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// pgTime is t as a timestamptz literal.
func pgTime(t time.Time) string {
	return "'" + t.UTC().Format("2006-01-02 15:04:05") + "+00'"
}

// noPartition says whether err is Postgres refusing a row no partition
// takes (its day's partition is missing).
func noPartition(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23514" && strings.Contains(pe.Message, "no partition")
}
