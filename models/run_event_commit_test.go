package models_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestParseEvidenceCommit: CONSOLE_EVIDENCE_COMMIT is async (also when
// unset) or sync; anything else is refused naming the variable.
func TestParseEvidenceCommit(t *testing.T) {
	for in, want := range map[string]models.EvidenceCommit{"": models.EvidenceCommitAsync, " async ": models.EvidenceCommitAsync, "sync": models.EvidenceCommitSync} {
		if got, err := models.ParseEvidenceCommit(in); err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"off", "SYNC", "on", "asynchronous"} {
		if _, err := models.ParseEvidenceCommit(in); err == nil || !strings.Contains(err.Error(), "CONSOLE_EVIDENCE_COMMIT") {
			t.Errorf("%q: %v, want a refusal naming CONSOLE_EVIDENCE_COMMIT", in, err)
		}
	}
}

// TestEvidenceCommitSetting: on Postgres, run evidence is written under
// synchronous_commit off with EvidenceCommitAsync (the default) and on
// with EvidenceCommitSync, by both ways of writing it (the COPY and the
// pipelined INSERT, one event and a batch), every event stored; the
// setting lasts only for the write's own transaction (the pooled
// connection that ran it is back to the server's setting), and nothing
// else the store writes is relaxed. A statement trigger records the
// setting each write of run_events ran under.
func TestEvidenceCommitSetting(t *testing.T) {
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: modelstest.RequirePostgres(t)})
	ctx := context.Background()
	db := s.SQLDB()
	db.SetMaxOpenConns(1) // the probe below runs on the connection the writes used
	for _, q := range []string{
		`CREATE TABLE commit_probe (n BIGSERIAL, setting TEXT)`,
		`CREATE FUNCTION commit_probe_add() RETURNS trigger AS $$
BEGIN INSERT INTO commit_probe (setting) VALUES (current_setting('synchronous_commit')); RETURN NULL; END; $$ LANGUAGE plpgsql`,
		`CREATE TRIGGER run_events_commit_probe AFTER INSERT ON run_events FOR EACH STATEMENT EXECUTE FUNCTION commit_probe_add()`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.EvidenceCommit(); got != models.EvidenceCommitAsync {
		t.Fatalf("a new store commits evidence %q, want async", got)
	}
	writers := []struct {
		name string
		save func(context.Context, []models.RunEvent) error
	}{{"copy", s.SaveRunEvents}, {"pipelined", s.SaveRunEventsPipelined}}
	for _, c := range []struct {
		commit  models.EvidenceCommit
		setting string
	}{{models.EvidenceCommitAsync, "off"}, {models.EvidenceCommitSync, "on"}, {models.EvidenceCommitAsync, "off"}} {
		s.SetEvidenceCommit(c.commit)
		for _, w := range writers {
			for _, n := range []int{1, 3} {
				run := fmt.Sprintf("commit-%s-%s-%d-%d", c.commit, w.name, n, probeCount(t, s))
				evs := make([]models.RunEvent, n)
				for i := range evs {
					evs[i] = models.RunEvent{Run: run, Kind: models.RunStep, Agent: "helper", Step: i}
				}
				if err := w.save(ctx, evs); err != nil {
					t.Fatalf("%s, %s, %d: %v", c.commit, w.name, n, err)
				}
				var got string
				if err := db.QueryRowContext(ctx, "SELECT setting FROM commit_probe ORDER BY n DESC LIMIT 1").Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != c.setting {
					t.Errorf("%s, %s, %d events: written under synchronous_commit %s, want %s", c.commit, w.name, n, got, c.setting)
				}
				if stored, err := s.RunEvents(ctx, run, 10); err != nil || len(stored) != n {
					t.Errorf("%s, %s: %d of %d events stored (%v)", c.commit, w.name, len(stored), n, err)
				}
				var after string
				if err := db.QueryRowContext(ctx, "SHOW synchronous_commit").Scan(&after); err != nil || after != "on" {
					t.Fatalf("%s, %s: the pooled connection is left with synchronous_commit %q (%v), want the server's on", c.commit, w.name, after, err)
				}
			}
		}
	}
}

// probeCount is how many writes the probe recorded.
func probeCount(t *testing.T, s *models.Store) int {
	t.Helper()
	var n int
	if err := s.SQLDB().QueryRowContext(context.Background(), "SELECT count(*) FROM commit_probe").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
