package models

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// insertRunEventsPipelined stores the events on Postgres with one INSERT
// of every event (one row of values for a single event; for more, a
// column array each, unnested: the same statement whatever the batch's
// size, so the driver prepares each form once per connection), sent as
// one pipeline (SaveRunEventsPipelined); async wraps it in BEGIN, SET
// LOCAL synchronous_commit and COMMIT, a transaction that commits without
// waiting for the disk (EvidenceCommitAsync). The statements go out
// together and their answers come back together — one round trip to the
// database (the gateway waits for its evidence before it answers a call).
func insertRunEventsPipelined(ctx context.Context, db *sql.DB, evs []RunEvent, async bool) error {
	now := time.Now()
	return withPgx(ctx, db, func(c *pgx.Conn) error {
		b := &pgx.Batch{}
		if async {
			b.Queue("BEGIN")
			b.Queue("SET LOCAL synchronous_commit TO OFF")
		}
		if len(evs) == 1 {
			// one event (a call answered alone) is one row of plain
			// values: Postgres takes it in about half the time of 27
			// one-element arrays unnested
			ev := evs[0]
			ev.CreatedAt = eventTime(ev.CreatedAt, now)
			b.Queue(runEventValuesSQL, runEventRow(&ev, now, make([]any, 0, runEventArity))...)
		} else {
			b.Queue(runEventUnnestSQL, runEventColumnsOf(evs, now)...)
		}
		if async {
			b.Queue("COMMIT")
		}
		// on an error the server skips the rest of the pipeline and the
		// connection is left in the failed transaction: the driver closes
		// it rather than hand it out again (stdlib's ResetSession refuses a
		// connection whose transaction is open)
		return c.SendBatch(ctx, b).Close()
	})
}

// runEventValuesSQL inserts one row of runEventRow's values.
var runEventValuesSQL = func() string {
	ph := make([]string, runEventArity)
	for i := range ph {
		ph[i] = "$" + strconv.Itoa(i+1)
	}
	return "INSERT INTO run_events (" + runEventColumns + ") VALUES (" + strings.Join(ph, ", ") + ")"
}()

// eventTime is an event's creation time as stored: now when it has
// none, in UTC.
func eventTime(at, now time.Time) time.Time {
	if at.IsZero() {
		at = now
	}
	return at.UTC()
}

// runEventUnnestSQL inserts the rows of runEventColumns' arrays.
const runEventUnnestSQL = "INSERT INTO run_events (" + runEventColumns + ") SELECT * FROM unnest(" +
	"$1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[], " +
	"$10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::text[], $16::bigint[], $17::bigint[], " +
	"$18::bigint[], $19::bigint[], $20::text[], $21::text[], $22::text[], $23::text[], $24::bigint[], $25::bigint[], $26::text[], $27::text[], $28::timestamptz[])"

// runEventColumnsOf is the events as runEventColumns' arrays, in order;
// an event without a creation time is stamped now, as the ORM's create
// did.
func runEventColumnsOf(evs []RunEvent, now time.Time) []any {
	n := len(evs)
	str := func(f func(e *RunEvent) string) []string {
		out := make([]string, n)
		for i := range evs {
			out[i] = f(&evs[i])
		}
		return out
	}
	num := func(f func(e *RunEvent) int) []int64 {
		out := make([]int64, n)
		for i := range evs {
			out[i] = int64(f(&evs[i]))
		}
		return out
	}
	at := make([]time.Time, n)
	for i := range evs {
		at[i] = eventTime(evs[i].CreatedAt, now)
	}
	return []any{
		str(func(e *RunEvent) string { return e.Run }),
		str(func(e *RunEvent) string { return e.Kind }),
		str(func(e *RunEvent) string { return e.Agent }),
		str(func(e *RunEvent) string { return e.Profile }),
		num(func(e *RunEvent) int { return e.ProfileVersion }),
		num(func(e *RunEvent) int { return e.Step }),
		str(func(e *RunEvent) string { return e.Surface }),
		num(func(e *RunEvent) int { return e.QueryBytes }),
		num(func(e *RunEvent) int { return e.Hits }),
		num(func(e *RunEvent) int { return e.Active }),
		num(func(e *RunEvent) int { return e.Activated }),
		num(func(e *RunEvent) int { return e.Reachable }),
		num(func(e *RunEvent) int { return e.Accepted }),
		num(func(e *RunEvent) int { return e.Rejected }),
		str(func(e *RunEvent) string { return e.RejectedWhy }),
		num(func(e *RunEvent) int { return e.SchemaBytes }),
		num(func(e *RunEvent) int { return e.TextBytes }),
		num(func(e *RunEvent) int { return e.Tokens }),
		num(func(e *RunEvent) int { return e.PrefixTokens }),
		str(func(e *RunEvent) string { return e.Digest }),
		str(func(e *RunEvent) string { return e.Receipts }),
		str(func(e *RunEvent) string { return e.Tool }),
		str(func(e *RunEvent) string { return e.Verdict }),
		num(func(e *RunEvent) int { return e.LatencyUS }),
		num(func(e *RunEvent) int { return e.ResultBytes }),
		str(func(e *RunEvent) string { return e.CallStatus }),
		str(func(e *RunEvent) string { return e.Approval }),
		at,
	}
}
