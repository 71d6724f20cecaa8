package models

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Run event kinds: one row per search, step or call of a deferred run.
const (
	RunSearch = "search"
	RunStep   = "step"
	RunCall   = "call"
)

// RunEvent is the evidence of one request of a deferred run: counts,
// bytes and provenance (receipt ids, surface key, digests). It never holds
// the query text, the prompt or call arguments.
type RunEvent struct {
	ID             uint   `gorm:"primaryKey"`
	Run            string `gorm:"size:128;not null;index:idx_run_events_run,priority:1"`
	Kind           string `gorm:"size:16;not null"`
	Agent          string `gorm:"size:64;not null"`
	Profile        string `gorm:"size:64"`
	ProfileVersion int
	Step           int    `gorm:"not null"`
	Surface        string `gorm:"size:64;not null"`
	// search: bytes of the query (never its text), hits, the minted receipt
	QueryBytes int
	Hits       int
	// step: active, activated and searchable tools; receipts accepted and
	// rejected (reasons with counts); sizes and tokens of the text
	Active       int
	Activated    int
	Reachable    int
	Accepted     int
	Rejected     int
	RejectedWhy  string `gorm:"size:256"` // step: "reason:count,…"; a refused search: why, in the console's words
	SchemaBytes  int
	TextBytes    int
	Tokens       int
	PrefixTokens int
	Digest       string `gorm:"size:64"` // sha256 of the step's text
	// Receipts lists the receipt ids the request minted or that activated
	// the step (ids are digests of MACs, never the MACs).
	Receipts string `gorm:"size:1024"`
	// call: the tool named and the verdict
	Tool    string `gorm:"size:200"`
	Verdict string `gorm:"size:32"`
	// gateway call: how long the upstream took, the result's size and
	// how the call ended (ok, error, timeout, …; empty: not executed)
	LatencyUS   int
	ResultBytes int
	CallStatus  string `gorm:"size:32"`
	// Approval is the approval request a call ran under ("" none:
	// migration 246), which the run's page links.
	Approval  string    `gorm:"size:40;not null;default:''"`
	CreatedAt time.Time `gorm:"index:idx_run_events_run,priority:2"`
}

// SaveRunEvents stores a batch of run events in one statement or
// transaction, built directly (the ORM's per-row reflection cost more
// than the write): on Postgres one COPY (copyRunEvents), committed as the
// store's EvidenceCommit says, on SQLite one multi-row INSERT per 200
// events. IDs are not read back.
func (s *Store) SaveRunEvents(ctx context.Context, evs []RunEvent) error {
	return s.saveRunEvents(ctx, evs, false)
}

// SaveRunEventsPipelined is SaveRunEvents sent on Postgres as one
// pipelined INSERT (insertRunEventsPipelined: a prepared statement, one
// round trip), committed as the store's EvidenceCommit says: the
// gateway's per-call evidence, most often one event a batch. On SQLite
// it is SaveRunEvents.
func (s *Store) SaveRunEventsPipelined(ctx context.Context, evs []RunEvent) error {
	return s.saveRunEvents(ctx, evs, true)
}

func (s *Store) saveRunEvents(ctx context.Context, evs []RunEvent, pipelined bool) error {
	if len(evs) == 0 {
		return nil
	}
	cleanRunEvents(evs) // run_event_clean.go
	sqlDB, err := s.db.DB()
	if err != nil {
		// bound to a transaction: through it
		if err := s.with(ctx).CreateInBatches(evs, runEventChunk).Error; err != nil {
			return fmt.Errorf("models: save run events: %w", err)
		}
		return nil
	}
	exec := func(ex interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	}) error {
		for start := 0; start < len(evs); start += runEventChunk {
			q, args := runEventInsert(evs[start:min(start+runEventChunk, len(evs))])
			if _, err := ex.ExecContext(ctx, q, args...); err != nil {
				return err
			}
		}
		return nil
	}
	switch {
	case s.dialect == DialectPostgres:
		write := func() error {
			s.countRaw(ctx, 1) // one round trip either way
			if pipelined {
				return insertRunEventsPipelined(ctx, sqlDB, evs, !s.evidenceSync)
			}
			return copyRunEvents(ctx, sqlDB, evs, !s.evidenceSync)
		}
		err = write()
		if noPartition(err) {
			// a day without its partition (the maintenance pass that
			// makes them ahead has not run): make it, write again
			oldest, newest := eventSpan(evs)
			if err = s.EnsureRunPartitions(ctx, oldest, newest); err == nil {
				err = write()
			}
		}
	case len(evs) <= runEventChunk:
		s.countRaw(ctx, 1)
		err = exec(sqlDB)
	default:
		var tx *sql.Tx
		s.countRaw(ctx, int64(2+(len(evs)+runEventChunk-1)/runEventChunk))
		if tx, err = sqlDB.BeginTx(ctx, nil); err == nil {
			if err = exec(tx); err == nil {
				err = tx.Commit()
			} else {
				_ = tx.Rollback()
			}
		}
	}
	if err != nil {
		if err = s.saveEachRunEvent(ctx, evs, pipelined, err); err != nil {
			return fmt.Errorf("models: save run events: %w", err)
		}
	}
	return nil
}

const runEventChunk = 200

// eventSpan is the earliest and the latest creation time of the events;
// now stands for an event without one and bounds both ends, so the span
// always covers the moment of writing.
func eventSpan(evs []RunEvent) (oldest, newest time.Time) {
	now := time.Now()
	oldest, newest = now, now
	for i := range evs {
		at := evs[i].CreatedAt
		if at.IsZero() {
			continue
		}
		if at.Before(oldest) {
			oldest = at
		}
		if at.After(newest) {
			newest = at
		}
	}
	return oldest, newest
}

// runEventColumns are run_events' columns but the id, in runEventRow's
// order.
const runEventColumns = "run, kind, agent, profile, profile_version, step, surface, query_bytes, hits, active, activated, reachable, " +
	"accepted, rejected, rejected_why, schema_bytes, text_bytes, tokens, prefix_tokens, digest, receipts, tool, verdict, latency_us, result_bytes, call_status, approval, created_at"

const runEventArity = 28

func runEventRow(e *RunEvent, now time.Time, args []any) []any {
	at := e.CreatedAt
	if at.IsZero() {
		at = now // as the ORM's create did
	}
	return append(args, e.Run, e.Kind, e.Agent, e.Profile, e.ProfileVersion, e.Step, e.Surface, e.QueryBytes, e.Hits, e.Active, e.Activated, e.Reachable,
		e.Accepted, e.Rejected, e.RejectedWhy, e.SchemaBytes, e.TextBytes, e.Tokens, e.PrefixTokens, e.Digest, e.Receipts, e.Tool, e.Verdict, e.LatencyUS, e.ResultBytes, e.CallStatus, e.Approval, at)
}

// runEventInsert is one multi-row INSERT of the events for SQLite.
func runEventInsert(evs []RunEvent) (string, []any) {
	var b strings.Builder
	b.Grow(64 + len(runEventColumns) + len(evs)*runEventArity*5)
	b.WriteString("INSERT INTO run_events (" + runEventColumns + ") VALUES ")
	args := make([]any, 0, len(evs)*runEventArity)
	now := time.Now()
	for i := range evs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('(')
		for j := range runEventArity {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('?')
		}
		b.WriteByte(')')
		args = runEventRow(&evs[i], now, args)
	}
	return b.String(), args
}

// RunEvents lists the latest limit events of a run, oldest first.
func (s *Store) RunEvents(ctx context.Context, run string, limit int) ([]RunEvent, error) {
	var out []RunEvent
	// the latest limit events, oldest first
	if err := s.with(ctx).Where("run = ?", run).Order("id DESC").Limit(limit).Find(&out).Error; err != nil {
		return nil, fmt.Errorf("models: run events: %w", err)
	}
	slices.Reverse(out)
	return out, nil
}

// RunSummary is one run as the runs page lists it.
type RunSummary struct {
	Run    string
	Agent  string
	Events int
	Steps  int
	LastID uint
	Last   time.Time
}
