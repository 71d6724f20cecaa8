package models

import (
	"fmt"
	"strings"
)

// EvidenceCommit is how a batch of run evidence (the rows of run_events:
// what a search, a step or a call records) commits on Postgres,
// CONSOLE_EVIDENCE_COMMIT. It applies to those rows only: the audit
// chain, receipts, idempotency records, budgets and approvals always
// commit synchronously. SQLite commits as it always does.
type EvidenceCommit string

const (
	// EvidenceCommitAsync (the default): each batch's transaction commits
	// without waiting for its write-ahead log to reach the disk
	// (synchronous_commit off for that transaction only). The rows are
	// committed and visible to every replica before the requests they
	// record are answered, and Postgres flushes them within a fraction of
	// a second (three wal_writer_delay at most, 0.6 s by default): a crash
	// of the database server (or its machine) in that window loses the
	// evidence of requests already answered; a console crash loses none.
	// The flush was about a quarter of the database's CPU a batch.
	EvidenceCommitAsync EvidenceCommit = "async"
	// EvidenceCommitSync: each batch waits for its flush before the
	// requests it records are answered.
	EvidenceCommitSync EvidenceCommit = "sync"
)

// ParseEvidenceCommit reads CONSOLE_EVIDENCE_COMMIT: async or sync; ""
// is async.
func ParseEvidenceCommit(s string) (EvidenceCommit, error) {
	switch c := EvidenceCommit(strings.TrimSpace(s)); c {
	case "":
		return EvidenceCommitAsync, nil
	case EvidenceCommitAsync, EvidenceCommitSync:
		return c, nil
	}
	return "", fmt.Errorf("CONSOLE_EVIDENCE_COMMIT: %q is neither async nor sync (default async)", s)
}

// SetEvidenceCommit sets how this store's run evidence commits
// (ParseEvidenceCommit's result); a store starts with
// EvidenceCommitAsync.
func (s *Store) SetEvidenceCommit(c EvidenceCommit) { s.evidenceSync = c == EvidenceCommitSync }

// EvidenceCommit is how this store's run evidence commits.
func (s *Store) EvidenceCommit() EvidenceCommit {
	if s.evidenceSync {
		return EvidenceCommitSync
	}
	return EvidenceCommitAsync
}
