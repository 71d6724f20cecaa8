package models_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// forgeAppend appends an event as someone with database access but not
// the key would: the chain's published field encoding, hashed with SHA-256
// (the best an attacker without the key can do).
func forgeAppend(t *testing.T, s *models.Store) {
	t.Helper()
	ctx := context.Background()
	last, _, err := s.AuditEvents(ctx, models.AuditFilter{PerPage: 1})
	if err != nil || len(last) != 1 {
		t.Fatalf("last event: %v", err)
	}
	prev := last[0].Hash
	at := time.Now().UTC().Truncate(time.Microsecond)
	fields := []string{prev, at.Format(time.RFC3339Nano), "mallory", "user.roles", "user:mallory", "", "admin", "", ""}
	h := sha256.New()
	for _, f := range fields {
		fmt.Fprintf(h, "%d:%s|", len(f), f)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if err := s.Exec(ctx, "INSERT INTO audit_events (at, actor, action, subject, before_digest, after_digest, request_id, detail, prev_hash, hash) VALUES (?, 'mallory', 'user.roles', 'user:mallory', '', 'admin', '', '', ?, ?)", at, prev, sum); err != nil {
		t.Fatal(err)
	}
}

func appendEvents(t *testing.T, s *models.Store, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := s.Audit(context.Background(), models.Event{Actor: "a", Action: "x.y", Subject: fmt.Sprint("s", i)}); err != nil {
			t.Fatal(err)
		}
	}
}

// allowTampering disables Postgres's append-only triggers, as a superuser
// behind the console's back could.
func allowTampering(t *testing.T, s *models.Store) {
	t.Helper()
	if s.Dialect() == models.DialectPostgres {
		if err := s.Exec(context.Background(), "ALTER TABLE audit_events DISABLE TRIGGER USER"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAuditChainIsKeyed: an event appended with a recomputed
// hash, by someone without the key, breaks the chain.
func TestAuditChainIsKeyed(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		appendEvents(t, s, 5)
		forgeAppend(t, s)
		res, err := s.VerifyAudit(ctx)
		if err != nil || !res.Broken() {
			t.Fatalf("a forged append verifies as intact: %+v %v", res, err)
		}
	})
}

// TestAuditCheckpointCatchesTailDeletionAndTruncation: with a
// kept checkpoint, deleting the last events, or truncating the log and
// writing a new chain, is caught; a checkpoint signed with another key is
// refused; events appended since the checkpoint are fine.
func TestAuditCheckpointCatchesTailDeletionAndTruncation(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		appendEvents(t, s, 12)
		cp, err := s.AuditCheckpoint(ctx)
		if err != nil || cp.Events != 12 {
			t.Fatalf("checkpoint %+v, %v", cp, err)
		}
		appendEvents(t, s, 2)
		if res, err := s.VerifyAuditCheckpoint(ctx, &cp); err != nil || res.Broken() {
			t.Fatalf("an intact chain with later events fails: %+v %v", res, err)
		}
		forged := cp
		forged.Events = 3
		if res, _ := s.VerifyAuditCheckpoint(ctx, &forged); !res.Broken() {
			t.Fatal("an edited checkpoint was accepted")
		}
		allowTampering(t, s)
		if err := s.Exec(ctx, "DELETE FROM audit_events WHERE id >= (SELECT MAX(id) FROM audit_events) - 9"); err != nil {
			t.Fatal(err)
		}
		if res, _ := s.VerifyAudit(ctx); res.Broken() {
			t.Fatal("without a checkpoint a shorter chain is still a valid chain; this test expects to need one")
		}
		res, _ := s.VerifyAuditCheckpoint(ctx, &cp)
		if !res.Broken() {
			t.Fatalf("deleting the last 10 events went unnoticed: %+v", res)
		}
		if err := s.Exec(ctx, "DELETE FROM audit_events"); err != nil {
			t.Fatal(err)
		}
		appendEvents(t, s, 12)
		if res, _ := s.VerifyAuditCheckpoint(ctx, &cp); !res.Broken() {
			t.Fatal("a truncated and rewritten log passes the checkpoint")
		}
	})
}

// TestAuditTruncateRefused: Postgres refuses TRUNCATE of the
// audit log (a statement trigger), as it refuses UPDATE and DELETE.
func TestAuditTruncateRefused(t *testing.T) {
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: modelstest.RequirePostgres(t)})
	ctx := context.Background()
	appendEvents(t, s, 3)
	if err := s.Exec(ctx, "TRUNCATE audit_events"); err == nil {
		t.Fatal("Postgres accepted TRUNCATE audit_events")
	}
	if res, _ := s.VerifyAudit(ctx); res.Events != 3 {
		t.Fatalf("%d events after a refused TRUNCATE", res.Events)
	}
}
