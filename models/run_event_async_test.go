package models_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestRunEventsAsyncCommit: events saved with an asynchronous commit are
// stored like any others; the relaxed commit stays inside its own
// transaction (the pooled connection that ran it commits synchronously
// afterwards), a batch holding a NUL is stored cleaned and leaves no
// connection inside a transaction, and an event of a day whose partition
// is not made yet is stored once it is made.
func TestRunEventsAsyncCommit(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		db := s.SQLDB()
		db.SetMaxOpenConns(1) // every statement below runs on the connection the save used
		evs := []models.RunEvent{
			{Run: "async", Kind: models.RunCall, Agent: "helper", Tool: "demo.echo", Verdict: "active", CallStatus: "ok", LatencyUS: 120, ResultBytes: 40},
			{Run: "async", Kind: models.RunSearch, Agent: "helper", QueryBytes: 12, Hits: 1},
		}
		if err := s.SaveRunEventsPipelined(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.RunEvents(ctx, "async", 10)
		if err != nil || len(got) != 2 || got[0].CallStatus != "ok" || got[0].LatencyUS != 120 || got[1].Hits != 1 {
			t.Fatalf("stored %+v, %v", got, err)
		}
		if s.Dialect() != models.DialectPostgres {
			return
		}
		var setting string
		if err := db.QueryRowContext(ctx, "SHOW synchronous_commit").Scan(&setting); err != nil || setting != "on" {
			t.Fatalf("after an asynchronous commit the pooled connection has synchronous_commit %q (%v), want on", setting, err)
		}
		var pid int // the pool's one connection, the one the next save uses
		if err := db.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
			t.Fatal(err)
		}
		bad := []models.RunEvent{{Run: "async-bad", Kind: models.RunCall, Agent: "helper"}, {Run: "async-bad", Kind: models.RunCall, Agent: "hel\x00per"}}
		// a NUL is cleaned before the write (run_event_clean.go): the
		// batch is stored, NUL removed
		if err := s.SaveRunEventsPipelined(ctx, bad); err != nil {
			t.Fatal(err)
		}
		// only that connection is asked about: other test packages share
		// the database and hold their own transactions open
		if idle, err := idleInTransaction(ctx, db, pid); err != nil || idle {
			t.Fatalf("the connection that saved the batch is left inside a transaction (%v)", err)
		}
		probeSeesOpenTransaction(t, db)
		if got, _ := s.RunEvents(ctx, "async-bad", 10); len(got) != 2 || got[1].Agent != "helper" {
			t.Fatalf("a batch with a NUL stored %+v", got)
		}
		if err := s.SaveRunEvents(ctx, evs[:1]); err != nil {
			t.Fatalf("the pool after that batch: %v", err)
		}
		// a day without its partition yet: made, then written
		later := []models.RunEvent{{Run: "async-later", Kind: models.RunCall, Agent: "helper", CreatedAt: time.Now().UTC().AddDate(0, 0, 40)}}
		if err := s.SaveRunEventsPipelined(ctx, later); err != nil {
			t.Fatalf("an event of a day without its partition: %v", err)
		}
		if got, _ := s.RunEvents(ctx, "async-later", 10); len(got) != 1 {
			t.Fatalf("the event of a new day: %d stored", len(got))
		}
	})
}

// idleInTransaction reports whether the backend pid sits inside a
// transaction between statements.
func idleInTransaction(ctx context.Context, db *sql.DB, pid int) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state LIKE 'idle in transaction%'", pid).Scan(&n)
	return n > 0, err
}

// probeSeesOpenTransaction shows that idleInTransaction sees a connection
// left inside a transaction, so the check above can fail.
func probeSeesOpenTransaction(t *testing.T, db *sql.DB) {
	t.Helper()
	ctx := context.Background()
	db.SetMaxOpenConns(2)
	defer db.SetMaxOpenConns(1)
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var pid int
	if err := c.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ExecContext(ctx, "BEGIN"); err != nil {
		t.Fatal(err)
	}
	defer c.ExecContext(ctx, "ROLLBACK")
	if idle, err := idleInTransaction(ctx, db, pid); err != nil || !idle {
		t.Fatalf("the probe missed a connection left inside a transaction (%v)", err)
	}
}
