package models_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// plainHash is the unkeyed SHA-256 of an event, the chain's published
// field encoding: what anyone with database access can compute.
func plainHash(e models.AuditEvent) string {
	h := sha256.New()
	for _, f := range []string{e.PrevHash, e.At.UTC().Format(time.RFC3339Nano), e.Actor, e.Action, e.Subject, e.BeforeDigest, e.AfterDigest, e.RequestID, e.Detail} {
		fmt.Fprintf(h, "%d:%s|", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// allEvents lists the chain oldest first.
func allEvents(t *testing.T, s *models.Store) []models.AuditEvent {
	t.Helper()
	es, _, err := s.AuditEvents(context.Background(), models.AuditFilter{PerPage: 200})
	if err != nil {
		t.Fatal(err)
	}
	for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
		es[i], es[j] = es[j], es[i]
	}
	return es
}

// downgrade rewrites the whole chain unkeyed, as an attacker with the
// database but not the key can: every hash recomputed with SHA-256.
func downgrade(t *testing.T, s *models.Store) {
	t.Helper()
	ctx := context.Background()
	prev := "0000000000000000000000000000000000000000000000000000000000000000"
	for _, e := range allEvents(t, s) {
		e.PrevHash = prev
		e.Hash = plainHash(e)
		if err := s.Exec(ctx, "UPDATE audit_events SET keyed = ?, prev_hash = ?, hash = ? WHERE id = ?", false, e.PrevHash, e.Hash, e.ID); err != nil {
			t.Fatal(err)
		}
		prev = e.Hash
	}
}

// Unkeyed events verified as long as they preceded
// the first keyed one, so a chain rewritten unkeyed — an event edited or
// deleted on the way — verified as intact, without a checkpoint.
func TestDowngradedChainFailsPlainVerify(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		appendEvents(t, s, 6)
		allowTampering(t, s)
		if err := s.Exec(ctx, "DELETE FROM audit_events WHERE id = (SELECT MIN(id) FROM audit_events) + 2"); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "UPDATE audit_events SET actor = 'nobody' WHERE id = (SELECT MIN(id) FROM audit_events) + 1"); err != nil {
			t.Fatal(err)
		}
		downgrade(t, s)
		res, err := s.VerifyAudit(ctx)
		if err != nil || !res.Broken() {
			t.Fatalf("a downgraded chain verifies as intact: %+v %v", res, err)
		}
		// new keyed events on top change nothing
		appendEvents(t, s, 2)
		if res, _ := s.VerifyAudit(ctx); !res.Broken() {
			t.Fatalf("keyed events appended on a downgraded chain make it intact: %+v", res)
		}
	})
}

// insertUnkeyed appends an event as a version before migration 32 wrote
// it: unkeyed SHA-256.
func insertUnkeyed(t *testing.T, s *models.Store, n int) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < n; i++ {
		prev := "0000000000000000000000000000000000000000000000000000000000000000"
		if es := allEvents(t, s); len(es) > 0 {
			prev = es[len(es)-1].Hash
		}
		e := models.AuditEvent{At: time.Now().UTC().Truncate(time.Microsecond), Actor: "old", Action: "x.y", Subject: fmt.Sprint("old", i), PrevHash: prev}
		e.Hash = plainHash(e)
		if err := s.Exec(ctx, "INSERT INTO audit_events (at, actor, action, subject, before_digest, after_digest, request_id, detail, prev_hash, hash, keyed) VALUES (?, ?, ?, ?, '', '', '', '', ?, ?, ?)", e.At, e.Actor, e.Action, e.Subject, e.PrevHash, e.Hash, false); err != nil {
			t.Fatal(err)
		}
	}
}

// An older version's unkeyed past verifies once sealed (migration 150),
// once only; editing it afterwards breaks the chain.
func TestUnkeyedPastIsSealedOnce(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		insertUnkeyed(t, s, 3)
		appendEvents(t, s, 2)
		if res, _ := s.VerifyAudit(ctx); !res.Broken() {
			t.Fatal("an unsealed unkeyed past verifies")
		}
		for i := 0; i < 2; i++ {
			if err := s.SealUnkeyedPast(ctx); err != nil {
				t.Fatal(err)
			}
		}
		res, err := s.VerifyAudit(ctx)
		if err != nil || res.Broken() || res.Events != 6 {
			t.Fatalf("a sealed past: %+v %v, want 6 intact events (one seal)", res, err)
		}
		seals, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: models.AuditSealAction})
		if len(seals) != 1 || seals[0].Actor != models.MigrationActor || seals[0].Detail == "" {
			t.Fatalf("the seal is not audited once: %+v", seals)
		}
		// an unkeyed event added after the seal, or an edit of the sealed
		// past, breaks the chain
		insertUnkeyed(t, s, 1)
		if res, _ := s.VerifyAudit(ctx); !res.Broken() {
			t.Fatal("an unkeyed event after the seal verifies")
		}
		allowTampering(t, s)
		if err := s.Exec(ctx, "DELETE FROM audit_events WHERE id = (SELECT MAX(id) FROM audit_events)"); err != nil {
			t.Fatal(err)
		}
		downgrade(t, s) // rewrite everything, the seal's past included
		if res, _ := s.VerifyAudit(ctx); !res.Broken() {
			t.Fatal("a rewritten sealed past verifies")
		}
	})
}
