package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

func auditCount(t *testing.T, s *models.Store) int64 {
	t.Helper()
	_, n, err := s.AuditEvents(context.Background(), models.AuditFilter{PerPage: 1})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// refusedForKey appends one event and wants the key refusal: an error
// naming CONSOLE_AUDIT_KEY and advice, and no event appended.
func refusedForKey(t *testing.T, s *models.Store, advice string) {
	t.Helper()
	before := auditCount(t, s)
	err := s.Audit(context.Background(), models.Event{Actor: "admin", Action: "user.add", Subject: "user:bob"})
	var ke *models.AuditKeyError
	if err == nil || !errors.As(err, &ke) || !strings.Contains(err.Error(), "CONSOLE_AUDIT_KEY") || !strings.Contains(err.Error(), advice) {
		t.Fatalf("append under a key the chain was not started with: %v (want a refusal naming CONSOLE_AUDIT_KEY and %q)", err, advice)
	}
	if err := s.CheckAuditKey(context.Background()); !errors.As(err, &ke) {
		t.Fatalf("CheckAuditKey: %v, want the same refusal", err)
	}
	if after := auditCount(t, s); after != before {
		t.Fatalf("a refused append wrote: %d events, were %d", after, before)
	}
}

// TestAuditRefusesAKeyTheChainWasNotStartedWith: a chain begun with the
// key kept in the database, then written to with CONSOLE_AUDIT_KEY set (or
// the reverse, or with another key), broke for good before: the console
// now refuses to append, the chain stays intact and the right key writes.
func TestAuditRefusesAKeyTheChainWasNotStartedWith(t *testing.T) {
	keyA := []byte("the first audit key, at least 32 bytes long")
	keyB := []byte("another audit key, also at least 32 bytes")
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		s.SetAuditKey(nil)
		appendEvents(t, s, 3)
		if err := s.CheckAuditKey(ctx); err != nil {
			t.Fatalf("the chain's own key: %v", err)
		}
		s.SetAuditKey(keyA)
		refusedForKey(t, s, "unset it")
		s.SetAuditKey(nil)
		if res, err := s.VerifyAudit(ctx); err != nil || res.Broken() {
			t.Fatalf("after a refused append: %+v %v", res, err)
		}
		appendEvents(t, s, 1)
		if res, err := s.VerifyAudit(ctx); err != nil || res.Broken() {
			t.Fatalf("the chain's own key appends: %+v %v", res, err)
		}
	})
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		// a chain begun with CONSOLE_AUDIT_KEY: its own events, if any
		// came before, are not under keyA, so start one that is
		if auditCount(t, s) > 0 {
			if err := s.Exec(ctx, "DELETE FROM audit_events"); err != nil {
				allowTampering(t, s)
				if err := s.Exec(ctx, "DELETE FROM audit_events"); err != nil {
					t.Fatal(err)
				}
			}
		}
		s.SetAuditKey(keyA)
		appendEvents(t, s, 2)
		s.SetAuditKey(keyB)
		refusedForKey(t, s, "the one the chain was started with")
		s.SetAuditKey(nil)
		refusedForKey(t, s, "the one the chain was started with")
		s.SetAuditKey(keyA)
		if err := s.CheckAuditKey(ctx); err != nil {
			t.Fatal(err)
		}
		appendEvents(t, s, 1)
		if res, err := s.VerifyAudit(ctx); err != nil || res.Broken() || res.Events != 3 {
			t.Fatalf("keyed chain: %+v %v", res, err)
		}
	})
}

// TestAnOlderVersionsUnkeyedChainTakesAnyKey: a database an older version
// wrote (unkeyed events, no audit key kept) must start and migrate, with
// or without CONSOLE_AUDIT_KEY, so migration 150 can seal its past; the
// key check read it as a chain started with CONSOLE_AUDIT_KEY and refused.
func TestAnOlderVersionsUnkeyedChainTakesAnyKey(t *testing.T) {
	for _, key := range [][]byte{nil, []byte("an operator's audit key, 32 bytes or more")} {
		eachDialect(t, func(t *testing.T, s *models.Store) {
			ctx := context.Background()
			if auditCount(t, s) > 0 {
				allowTampering(t, s)
				if err := s.Exec(ctx, "DELETE FROM audit_events"); err != nil {
					t.Fatal(err)
				}
			}
			insertUnkeyed(t, s, 3)
			if err := s.Exec(ctx, "DELETE FROM server_secrets WHERE name = 'audit-chain'"); err != nil {
				t.Fatal(err)
			}
			s.SetAuditKey(key)
			if err := s.CheckAuditKey(ctx); err != nil {
				t.Fatalf("key %v: an older version's unkeyed chain is refused: %v", key != nil, err)
			}
			if err := s.SealUnkeyedPast(ctx); err != nil {
				t.Fatal(err)
			}
			appendEvents(t, s, 1)
			if res, err := s.VerifyAudit(ctx); err != nil || res.Broken() {
				t.Fatalf("key %v: sealed and appended: %+v %v", key != nil, res, err)
			}
		})
	}
}
