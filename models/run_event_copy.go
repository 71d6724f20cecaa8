package models

import (
	"bytes"
	"context"
	"database/sql"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// copyRunEvents stores the events on Postgres with one COPY … FROM STDIN
// (one statement, so all or nothing), its rows encoded in COPY's text
// format into a recycled buffer. The driver sends the rows from its own
// pooled buffers, where an INSERT's parameters are encoded into buffers
// made afresh for every statement of more than a few hundred bytes — the
// evidence of a deferred step cost about 5 KB of garbage that way, a
// quarter of what a step allocates (BenchmarkSaveRunEvents).
// SaveRunEventsPipelined's batches go by insertRunEventsPipelined instead.
// async: the COPY's transaction commits without waiting for the disk
// (EvidenceCommitAsync), set in the same simple query, still one round
// trip.
func copyRunEvents(ctx context.Context, db *sql.DB, evs []RunEvent, async bool) error {
	bp := copyBuffers.Get().(*bytes.Buffer)
	defer copyBuffers.Put(bp)
	bp.Reset()
	now := time.Now()
	for i := range evs {
		appendRunEventRow(bp, &evs[i], now)
	}
	q := runEventCopySQL
	if async {
		q = runEventCopyAsyncSQL
	}
	return withPgx(ctx, db, func(c *pgx.Conn) error {
		_, err := c.PgConn().CopyFrom(ctx, bytes.NewReader(bp.Bytes()), q)
		return err
	})
}

const runEventCopySQL = "COPY run_events (" + runEventColumns + ") FROM STDIN"

// runEventCopyAsyncSQL is the COPY in a simple query's implicit
// transaction whose commit does not wait for the disk: SET LOCAL lasts
// until that transaction ends, committed or rolled back, so the pooled
// connection keeps its own setting.
const runEventCopyAsyncSQL = "SET LOCAL synchronous_commit TO OFF; " + runEventCopySQL

// copyBuffers recycles the writer's row buffers (a batch of 200 steps is
// about 100 KiB).
var copyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// appendRunEventRow appends one row in runEventColumns' order, in COPY's
// text format: tab-separated, newline-terminated, with backslash, tab,
// newline and carriage return escaped, so any string is stored exactly
// as given (an empty string stays empty; COPY's NULL is \N, never
// written).
func appendRunEventRow(b *bytes.Buffer, e *RunEvent, now time.Time) {
	at := e.CreatedAt
	if at.IsZero() {
		at = now // as the ORM's create did
	}
	var scratch [32]byte
	str := func(s string) {
		for i := 0; i < len(s); i++ {
			switch c := s[i]; c {
			case '\\':
				b.WriteString(`\\`)
			case '\t':
				b.WriteString(`\t`)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte('\t')
	}
	num := func(n int) {
		b.Write(strconv.AppendInt(scratch[:0], int64(n), 10))
		b.WriteByte('\t')
	}
	str(e.Run)
	str(e.Kind)
	str(e.Agent)
	str(e.Profile)
	num(e.ProfileVersion)
	num(e.Step)
	str(e.Surface)
	num(e.QueryBytes)
	num(e.Hits)
	num(e.Active)
	num(e.Activated)
	num(e.Reachable)
	num(e.Accepted)
	num(e.Rejected)
	str(e.RejectedWhy)
	num(e.SchemaBytes)
	num(e.TextBytes)
	num(e.Tokens)
	num(e.PrefixTokens)
	str(e.Digest)
	str(e.Receipts)
	str(e.Tool)
	str(e.Verdict)
	num(e.LatencyUS)
	num(e.ResultBytes)
	str(e.CallStatus)
	str(e.Approval)
	// microseconds, as the column keeps them (a timestamptz parameter
	// drops the rest the same way), in UTC with its offset
	b.Write(at.UTC().AppendFormat(scratch[:0], "2006-01-02 15:04:05.000000"))
	b.WriteString("+00\n")
}
