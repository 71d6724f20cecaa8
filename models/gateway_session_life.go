package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// GatewayState is what every request of a gateway session reads first:
// the session (nil when no session has the token's hash) and the
// generations, read by one statement after the request arrived, so a
// revocation committed before it is seen.
type GatewayState struct {
	Session    *GatewaySession
	CatalogGen int64
	ConfigGen  int64
}

func deref64(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// migrateGatewaySessionSets (migration 112) adds the conversation's set
// to gateway sessions. A database that has no sessions table yet gets
// the columns with the table (migration 131).
func migrateGatewaySessionSets(tx *gorm.DB, _ string) error {
	if !tx.Migrator().HasTable(&GatewaySession{}) {
		return nil
	}
	return addColumns(tx, &GatewaySession{}, "PickTools", "PickWithout")
}

// migrateGatewaySessionShown (migration 135) adds what a session was
// shown and the digest of its last list. A database that has no
// sessions table yet gets the columns with the table (migration 131).
func migrateGatewaySessionShown(tx *gorm.DB, _ string) error {
	if !tx.Migrator().HasTable(&GatewaySession{}) {
		return nil
	}
	return addColumns(tx, &GatewaySession{}, "Shown", "Listed")
}

// TouchGatewaySession records that session id was used now: its idle
// time starts again (the gateway's idle expiry reads UpdatedAt).
func (s *Store) TouchGatewaySession(ctx context.Context, id string) error {
	if err := s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id).Update("updated_at", time.Now().UTC()).Error; err != nil {
		return fmt.Errorf("models: touch gateway session: %w", err)
	}
	return nil
}

// TouchGatewaySessionAt records that session id is in use until at (a
// call in flight: its deadline), so its idle time starts then at the
// latest.
func (s *Store) TouchGatewaySessionAt(ctx context.Context, id string, at time.Time) error {
	if err := s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id).Update("updated_at", usedAt(at)).Error; err != nil {
		return fmt.Errorf("models: touch gateway session: %w", err)
	}
	return nil
}

// usedAt is a session's last use set to at, never moved back: a call in
// flight marked the session in use until its deadline, and a request
// meanwhile must not shorten that.
func usedAt(at time.Time) clause.Expr {
	at = at.UTC()
	return gorm.Expr("CASE WHEN updated_at > ? THEN updated_at ELSE ? END", at, at)
}

// DeleteExpiredGatewaySessions deletes the gateway sessions that ended
// (closed) or were last used before cutoff (expired: they are answered
// as unknown sessions anyway), and says how many. A session's evidence
// is kept by its run id, not by the session row.
func (s *Store) DeleteExpiredGatewaySessions(ctx context.Context, cutoff time.Time) (int64, error) {
	res := s.with(ctx).Where("closed = ? OR updated_at < ?", true, cutoff.UTC()).Delete(&GatewaySession{})
	if res.Error != nil {
		return 0, fmt.Errorf("models: delete expired gateway sessions: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// LiveGatewaySessions counts the sessions of key and agent that are
// open and were used after since (the others have expired).
func (s *Store) LiveGatewaySessions(ctx context.Context, keyID uint, agent string, since time.Time) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&GatewaySession{}).Where("key_id = ? AND agent = ? AND closed = ? AND updated_at > ?", keyID, agent, false, since.UTC()).Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("models: live gateway sessions: %w", err)
	}
	return n, nil
}

// ErrSessionCap refuses a gateway session past its key's cap of live
// sessions of one agent (CreateGatewaySessionWithin).
var ErrSessionCap = errors.New("models: the key holds the most live gateway sessions of this agent it may")

// CreateGatewaySessionWithin stores a new session unless g's key already
// holds most live sessions (used since since) of g's agent
// (ErrSessionCap). The count and the insert are one transaction under
// the key and agent's advisory lock on Postgres, so initializes racing on
// two replicas never pass the cap together.
func (s *Store) CreateGatewaySessionWithin(ctx context.Context, token string, g *GatewaySession, since time.Time, most int) error {
	return s.Tx(ctx, func(tx *Store) error {
		if tx.dialect == DialectPostgres {
			if err := tx.with(ctx).Exec("SELECT pg_advisory_xact_lock(7029, hashtext(?))", fmt.Sprintf("%d/%s", g.KeyID, g.Agent)).Error; err != nil {
				return fmt.Errorf("models: gateway session lock: %w", err)
			}
		}
		n, err := tx.LiveGatewaySessions(ctx, g.KeyID, g.Agent, since)
		if err != nil {
			return err
		}
		if n >= int64(most) {
			return ErrSessionCap
		}
		return tx.CreateGatewaySession(ctx, token, g)
	})
}
