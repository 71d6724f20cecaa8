package models_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestIdempotencyScopeMigration: a database whose idempotency records
// are per run (before migration 137) keeps them: a record moves to its
// session's agent and subject (a retry in any session of that subject
// gets it), the second of two runs' records of one key keeps its run as
// its scope (the unique index holds), a record whose session is gone
// keeps its run, an open claim lapses at once, and no argument digest
// keyed by the run is kept (SQLite and Postgres).
func TestIdempotencyScopeMigration(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			if _, err := s.MigrateBefore(ctx, 137); err != nil {
				t.Fatal(err)
			}
			// the table as migrations 131 and 134 made it before 137
			ddl := `CREATE TABLE idempotent_calls (id integer PRIMARY KEY AUTOINCREMENT, run text NOT NULL, tool text NOT NULL, key_hash text NOT NULL,
args_digest text NOT NULL DEFAULT '', done numeric NOT NULL DEFAULT false, outcome text, created_at datetime)`
			if d.Name == models.DialectPostgres {
				ddl = `CREATE TABLE idempotent_calls (id bigserial PRIMARY KEY, run varchar(128) NOT NULL, tool varchar(200) NOT NULL, key_hash varchar(64) NOT NULL,
args_digest varchar(64) NOT NULL DEFAULT '', done boolean NOT NULL DEFAULT false, outcome text, created_at timestamptz)`
			}
			for _, q := range []string{"DROP TABLE idempotent_calls", ddl, "CREATE UNIQUE INDEX idx_idem ON idempotent_calls (run, tool, key_hash)"} {
				if err := s.Exec(ctx, q); err != nil {
					t.Fatal(q, err)
				}
			}
			for i, run := range []string{"run-a", "run-b"} {
				// the row as migrations before 137 wrote it (the subject in clear)
				if err := s.Exec(ctx, `INSERT INTO gateway_sessions (id, key_id, agent, subject, run, receipts, created_at, updated_at) VALUES (?, 1, 'helper', '{"id":"u1","groups":["everyone"]}', ?, '[]', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, models.SessionHash("tok-"+run), run); err != nil {
					t.Fatal(i, err)
				}
			}
			kh := models.SessionHash("k1")
			for _, r := range []struct {
				run  string
				done bool
			}{{"run-a", true}, {"run-b", true}, {"run-gone", false}} {
				if err := s.Exec(ctx, "INSERT INTO idempotent_calls (run, tool, key_hash, args_digest, done, outcome, created_at) VALUES (?, 'demo.remember', ?, 'old-digest', ?, 'plain:{}', CURRENT_TIMESTAMP)", r.run, kh, r.done); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var rows []models.IdempotentCall
			if err := s.RawScan(ctx, &rows, "SELECT * FROM idempotent_calls ORDER BY id"); err != nil || len(rows) != 3 {
				t.Fatalf("rows %d %v", len(rows), err)
			}
			want, _ := s.SubjectDigest(ctx, "u1")
			if r := rows[0]; r.Agent != "helper" || r.SubjectHash != want || r.ArgsDigest != "" {
				t.Errorf("run-a's record: agent %q subject %q digest %q, want helper, u1's digest, none", r.Agent, r.SubjectHash, r.ArgsDigest)
			}
			if r := rows[1]; r.SubjectHash != "run:run-b" {
				t.Errorf("run-b's record of the same key: subject %q, want its run", r.SubjectHash)
			}
			if r := rows[2]; r.Agent != "" || r.SubjectHash != "run:run-gone" || r.LeaseUntil.After(r.CreatedAt) {
				t.Errorf("orphan record: agent %q subject %q lease %v (created %v)", r.Agent, r.SubjectHash, r.LeaseUntil, r.CreatedAt)
			}
			// migration 245: a record belongs to its session's runtime key
			if rows[0].KeyID != 1 || rows[2].KeyID != 0 {
				t.Errorf("runtime keys of the records: %d and %d (orphan), want 1 and 0", rows[0].KeyID, rows[2].KeyID)
			}
			// any session of the subject through the same key now finds the record
			sc := models.IdemScope{Agent: "helper", SubjectHash: want, Run: "run-new", KeyID: 1}
			rec, claimed, err := s.ClaimIdempotent(ctx, sc, "demo.remember", "k1", "new-digest", 0)
			if err != nil || claimed || rec.ID != rows[0].ID || !rec.Done {
				t.Errorf("claim after the migration: claimed %v rec %+v err %v, want run-a's record", claimed, rec, err)
			}
			// another runtime key of the agent and subject has its own
			sc.KeyID = 2
			if rec, claimed, err := s.ClaimIdempotent(ctx, sc, "demo.remember", "k1", "new-digest", time.Minute); err != nil || !claimed || rec.ID == rows[0].ID {
				t.Errorf("another key's claim: claimed %v rec %+v err %v, want its own claim", claimed, rec, err)
			}
			// the old per-run index is gone: the scope's is the one unique
			var n int
			q := "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'idx_idem'"
			if d.Name == models.DialectPostgres {
				q = "SELECT count(*) FROM pg_indexes WHERE indexname = 'idx_idem'"
			}
			if err := s.RawScan(ctx, &n, q); err != nil || n != 0 {
				t.Errorf("old index left: %d %v", n, err)
			}
			if _, err := s.Migrate(ctx); err != nil && !strings.Contains(err.Error(), "nothing") {
				t.Errorf("migrate again: %v", err)
			}
		})
	}
}

// TestPruneIdempotent: records made before the retention cutoff go (a
// key then runs its call again); newer ones stay.
func TestPruneIdempotent(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			sc := models.IdemScope{Agent: "helper", SubjectHash: "s", Run: "r"}
			rec, _, err := s.ClaimIdempotent(ctx, sc, "demo.remember", "k", "d", time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.FinishIdempotent(ctx, rec.ID, []byte("{}")); err != nil {
				t.Fatal(err)
			}
			if n, err := s.PruneIdempotent(ctx, time.Now().Add(-time.Hour)); err != nil || n != 0 {
				t.Fatalf("prune before the record: %d %v", n, err)
			}
			if _, claimed, _ := s.ClaimIdempotent(ctx, sc, "demo.remember", "k", "d", time.Minute); claimed {
				t.Fatal("a kept record was claimed again")
			}
			if n, err := s.PruneIdempotent(ctx, time.Now().Add(time.Hour)); err != nil || n != 1 {
				t.Fatalf("prune after the record: %d %v", n, err)
			}
			if _, claimed, err := s.ClaimIdempotent(ctx, sc, "demo.remember", "k", "d", time.Minute); err != nil || !claimed {
				t.Errorf("after the record went the key is claimed anew: %v %v", claimed, err)
			}
			if err := s.FinishIdempotent(ctx, rec.ID, []byte("{}")); err == nil {
				t.Error("an outcome recorded on a pruned claim")
			}
		})
	}
}
