package models

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// run_totals holds one row per run: its agent, how many events and steps
// it recorded, its first and last event. The database keeps it as events
// are written — a trigger on run_events, in the statement that stores the
// events (one COPY on Postgres: one statement-level trigger over the
// batch's rows; SQLite: one row trigger per event) — so the runs list
// reads it and never scans events, the totals cannot drift from a batch
// that failed, and a console binary that predates the table (a replica
// during a rolling upgrade) keeps them right too. The totals count every
// event a run recorded; retention removes the rows of runs whose last
// event left. run and agent are TEXT: only the trigger writes them, from
// run_events' sized columns.
const runTotalsTable = `CREATE TABLE run_totals (
	run TEXT PRIMARY KEY,
	agent TEXT NOT NULL DEFAULT '',
	events BIGINT NOT NULL DEFAULT 0,
	steps BIGINT NOT NULL DEFAULT 0,
	first_id BIGINT NOT NULL DEFAULT 0,
	last_id BIGINT NOT NULL DEFAULT 0,
	first_at %[1]s,
	last_at %[1]s
)`

// migrateRunTotals creates run_totals, its trigger and an index for a
// run's latest events (run, id), then fills the totals from the events
// already stored. The trigger comes first: on Postgres it locks out
// concurrent writers until the migration commits, so no event is counted
// twice or missed.
func migrateRunTotals(tx *gorm.DB, dialect string) error {
	stmts := []string{}
	if dialect == DialectPostgres {
		stmts = append(stmts, fmt.Sprintf(runTotalsTable, "TIMESTAMPTZ"),
			`CREATE FUNCTION run_totals_add() RETURNS trigger AS $$
BEGIN
	-- in the runs' order, so two writers lock shared rows in one order
	INSERT INTO run_totals AS t (run, agent, events, steps, first_id, last_id, first_at, last_at)
	SELECT run, MAX(agent), COUNT(*), COUNT(*) FILTER (WHERE kind = 'step'), MIN(id), MAX(id), MIN(created_at), MAX(created_at)
	FROM new_events GROUP BY run ORDER BY run
	ON CONFLICT (run) DO UPDATE SET agent = GREATEST(t.agent, EXCLUDED.agent), events = t.events + EXCLUDED.events,
		steps = t.steps + EXCLUDED.steps, first_id = LEAST(t.first_id, EXCLUDED.first_id), last_id = GREATEST(t.last_id, EXCLUDED.last_id),
		first_at = LEAST(t.first_at, EXCLUDED.first_at), last_at = GREATEST(t.last_at, EXCLUDED.last_at);
	RETURN NULL;
END;
$$ LANGUAGE plpgsql`,
			`CREATE TRIGGER run_events_totals AFTER INSERT ON run_events REFERENCING NEW TABLE AS new_events
	FOR EACH STATEMENT EXECUTE FUNCTION run_totals_add()`)
	} else {
		stmts = append(stmts, fmt.Sprintf(runTotalsTable, "DATETIME"),
			`CREATE TRIGGER run_events_totals AFTER INSERT ON run_events BEGIN
	INSERT INTO run_totals (run, agent, events, steps, first_id, last_id, first_at, last_at)
	VALUES (NEW.run, NEW.agent, 1, NEW.kind = 'step', NEW.id, NEW.id, NEW.created_at, NEW.created_at)
	ON CONFLICT (run) DO UPDATE SET agent = MAX(agent, excluded.agent), events = events + 1, steps = steps + excluded.steps,
		first_id = MIN(first_id, excluded.first_id), last_id = MAX(last_id, excluded.last_id),
		first_at = MIN(first_at, excluded.first_at), last_at = MAX(last_at, excluded.last_at);
END`)
	}
	stmts = append(stmts,
		`CREATE INDEX idx_run_totals_last ON run_totals (last_id)`,
		`CREATE INDEX idx_run_events_run_id ON run_events (run, id)`,
		`INSERT INTO run_totals (run, agent, events, steps, first_id, last_id, first_at, last_at)
	SELECT run, MAX(agent), COUNT(*), SUM(CASE WHEN kind = 'step' THEN 1 ELSE 0 END), MIN(id), MAX(id), MIN(created_at), MAX(created_at)
	FROM run_events GROUP BY run`)
	for _, q := range stmts {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}

// runStepsColumn is a listed run's steps: its step events, or for a run
// that records none (a gateway run: searches and calls only) the step
// its latest event reached plus one, as its run page shows them — one
// row read by (run, id) per listed run, never a scan of its events.
const runStepsColumn = `CASE WHEN steps > 0 THEN steps ELSE COALESCE((SELECT e.step + 1 FROM run_events e WHERE e.run = run_totals.run AND e.id = run_totals.last_id), 0) END AS steps`

// RecentRuns lists the runs with the latest activity first, from the
// runs' totals (never from their events).
func (s *Store) RecentRuns(ctx context.Context, limit int) ([]RunSummary, error) {
	var out []RunSummary
	err := s.with(ctx).Raw(`SELECT run, agent, events, `+runStepsColumn+`, last_id, last_at AS last FROM run_totals ORDER BY last_id DESC LIMIT ?`, limit).
		Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("models: recent runs: %w", err)
	}
	return out, nil
}
