package models

// The two transactions a restore keeps withdrawals in (restoreTx): a
// store's (the SQLite copy being checked) and a Postgres restore's pgx
// transaction.

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// storeRestoreTx is a restoreTx over a store's transaction.
type storeRestoreTx struct{ s *Store }

func (t storeRestoreTx) exec(ctx context.Context, q string, args ...any) (int64, error) {
	res := t.s.with(ctx).Exec(q, args...)
	return res.RowsAffected, res.Error
}

func (t storeRestoreTx) count(ctx context.Context, q string, args ...any) (int64, error) {
	var n int64
	err := t.s.with(ctx).Raw(q, args...).Scan(&n).Error
	return n, err
}

func (t storeRestoreTx) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	var out []string
	err := t.s.with(ctx).Raw(q, args...).Scan(&out).Error
	return out, err
}

func (t storeRestoreTx) audit(ctx context.Context, e Event) error { return t.s.Audit(ctx, e) }

// pgRestoreTx is a restoreTx over a Postgres restore's transaction; its
// audit events are chained as Audit chains them, under the restored
// chain's key (restoredChainKey), which is made as Secret makes it where
// the backup has none.
type pgRestoreTx struct {
	s   *Store
	tx  pgx.Tx
	key []byte
}

// numbered turns a statement's ? placeholders into Postgres' $1, $2, ….
func numbered(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (t *pgRestoreTx) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := t.tx.Exec(ctx, numbered(q), args...)
	return tag.RowsAffected(), err
}

func (t *pgRestoreTx) count(ctx context.Context, q string, args ...any) (int64, error) {
	var n int64
	err := t.tx.QueryRow(ctx, numbered(q), args...).Scan(&n)
	return n, err
}

func (t *pgRestoreTx) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := t.tx.Query(ctx, numbered(q), args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (t *pgRestoreTx) audit(ctx context.Context, e Event) error {
	if t.key == nil {
		key, err := t.s.restoredChainKey(ctx, t.tx)
		if err != nil {
			return err
		}
		if key == nil {
			if key, err = t.newChainKey(ctx); err != nil {
				return err
			}
		}
		t.key = key
	}
	if _, err := t.tx.Exec(ctx, "SELECT pg_advisory_xact_lock(7002)"); err != nil {
		return fmt.Errorf("audit lock: %w", err)
	}
	last, err := txAuditRows{t.tx, ctx}.scan("ORDER BY id DESC LIMIT 1")
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	prev := genesis
	if len(last) == 1 {
		prev = last[0].Hash
	}
	row := AuditEvent{
		At: time.Now().UTC().Truncate(time.Microsecond), Actor: clipTo(e.Actor, 128), Action: e.Action, Subject: clipTo(e.Subject, 256),
		BeforeDigest: clipTo(e.Before, 128), AfterDigest: clipTo(e.After, 128), RequestID: RequestID(ctx), Detail: clipTo(e.Detail, 2000), PrevHash: prev, Keyed: true,
	}
	row.Hash = row.computeHash(t.key)
	_, err = t.tx.Exec(ctx, `INSERT INTO audit_events (at, actor, action, subject, before_digest, after_digest, request_id, detail, prev_hash, hash, keyed)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, row.At, row.Actor, row.Action, row.Subject, row.BeforeDigest, row.AfterDigest, row.RequestID, row.Detail, row.PrevHash, row.Hash, row.Keyed)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

// newChainKey makes the audit chain's key among the restored server
// secrets, as Secret makes it.
func (t *pgRestoreTx) newChainKey(ctx context.Context) ([]byte, error) {
	b := make([]byte, SecretBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if _, err := t.tx.Exec(ctx, "INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3)",
		auditSecretName, base64.RawStdEncoding.EncodeToString(b), time.Now().UTC()); err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	return b, nil
}
