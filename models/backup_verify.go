package models

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RestoreOptions are a restore's choices (console restore's flags).
type RestoreOptions struct {
	// Force replaces the data of a database that holds some.
	Force bool
	// Keys authenticate the backup (CheckBackup): CONSOLE_AUDIT_KEY and
	// the secrets key, where configured.
	Keys []BackupKey
	// Unauthenticated restores a backup that carries no MAC line.
	Unauthenticated bool
	// AcceptBrokenAudit restores a backup whose audit chain does not
	// verify (BackupResult.Audit says where it breaks).
	AcceptBrokenAudit bool
	// AuditKey is CONSOLE_AUDIT_KEY: a SQLite restore verifies the chain
	// with it (a Postgres restore with the store's).
	AuditKey []byte
}

// BrokenAuditError refuses a backup whose audit chain does not verify.
type BrokenAuditError struct {
	Result VerifyResult
}

func (e *BrokenAuditError) Error() string {
	return fmt.Sprintf("the backup's audit chain is broken at event %d (%s): events or the data they record may have been edited; nothing was restored (pass --accept-broken-audit to restore it anyway, then keep the output of console audit verify with it)",
		e.Result.BrokenAt, e.Result.Reason)
}

// txAuditRows reads the audit table of a restore's Postgres transaction.
type txAuditRows struct {
	tx  pgx.Tx
	ctx context.Context
}

const txAuditColumns = `id, at, actor, action, subject, COALESCE(before_digest, ''), COALESCE(after_digest, ''), COALESCE(request_id, ''),
	COALESCE(detail, ''), prev_hash, hash, keyed FROM audit_events`

func (r txAuditRows) scan(q string, args ...any) ([]AuditEvent, error) {
	rows, err := r.tx.Query(r.ctx, "SELECT "+txAuditColumns+" "+q, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (AuditEvent, error) {
		var e AuditEvent
		var id int64
		err := row.Scan(&id, &e.At, &e.Actor, &e.Action, &e.Subject, &e.BeforeDigest, &e.AfterDigest, &e.RequestID, &e.Detail, &e.PrevHash, &e.Hash, &e.Keyed)
		e.ID = uint(id)
		return e, err
	})
}

func (r txAuditRows) firstSeal() ([]AuditEvent, error) {
	return r.scan("WHERE action = $1 AND keyed ORDER BY id LIMIT 1", AuditSealAction)
}

func (r txAuditRows) after(id uint, n int) ([]AuditEvent, error) {
	return r.scan("WHERE id > $1 ORDER BY id LIMIT $2", int64(id), n)
}

// verifyRestoredChain verifies the audit chain a Postgres restore's
// transaction holds before it commits, with CONSOLE_AUDIT_KEY or else the
// key the backup kept among its server secrets; a keyed chain with
// neither is refused as CheckAuditKey refuses it.
func (s *Store) verifyRestoredChain(ctx context.Context, tx pgx.Tx) (VerifyResult, error) {
	key, err := s.restoredChainKey(ctx, tx)
	if err != nil || key == nil {
		return VerifyResult{}, err
	}
	return verifyChain(txAuditRows{tx, ctx}, key, nil)
}

// restoredChainKey is the key of the audit chain a Postgres restore's
// transaction holds: CONSOLE_AUDIT_KEY, or else the key the backup kept
// among its server secrets; nil when there is neither and no event is
// keyed, an *AuditKeyError when events are keyed and there is no key.
func (s *Store) restoredChainKey(ctx context.Context, tx pgx.Tx) ([]byte, error) {
	if len(s.auditKey) > 0 {
		return s.auditKey, nil
	}
	var v string
	err := tx.QueryRow(ctx, "SELECT value FROM server_secrets WHERE name = $1", auditSecretName).Scan(&v)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		var last int64
		if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(id), 0) FROM audit_events WHERE keyed").Scan(&last); err != nil {
			return nil, err
		}
		if last > 0 {
			return nil, fmt.Errorf("the backup's audit chain: %w", &AuditKeyError{EventID: uint(last)})
		}
		return nil, nil
	case err != nil:
		return nil, err
	}
	key, err := base64.RawStdEncoding.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("the backup's audit key is unreadable")
	}
	return key, nil
}
