package models

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm/clause"
)

// IdempotentCall is the recorded outcome of a destructive or
// external-write call made with an idempotency key: a retry with the key
// gets the outcome, never a second execution. A key is scoped to the
// agent, the subject (its digest, SubjectDigest) and the tool, across
// sessions, replicas and restarts; Run is the run that made the call.
// The outcome is sealed; the arguments are kept only as a keyed digest
// (ArgsDigest), so a key reused with other arguments is told apart from
// a retry. A claim not yet done holds until LeaseUntil: a claim still
// open after it lost its call (its console stopped) and is settled as
// uncertain by the next retry.
type IdempotentCall struct {
	ID          uint   `gorm:"primaryKey"`
	Run         string `gorm:"size:128;not null;index:idx_idem_run"`
	Agent       string `gorm:"size:64;not null;default:'';uniqueIndex:idx_idem_scope,priority:1"`
	SubjectHash string `gorm:"size:80;not null;default:'';uniqueIndex:idx_idem_scope,priority:2"`
	// KeyID is the runtime key whose call made the record: a record
	// answers only that key's retries (migration 245).
	KeyID      uint      `gorm:"not null;default:0;uniqueIndex:idx_idem_scope,priority:3"`
	Tool       string    `gorm:"size:200;not null;uniqueIndex:idx_idem_scope,priority:4"`
	KeyHash    string    `gorm:"size:64;not null;uniqueIndex:idx_idem_scope,priority:5"`
	ArgsDigest string    `gorm:"size:64;not null;default:''"`
	Done       bool      `gorm:"not null;default:false"`
	Outcome    string    `gorm:"type:text"`
	LeaseUntil time.Time `gorm:"index:idx_idem_lease"`
	CreatedAt  time.Time `gorm:"index:idx_idem_created"`
}

// IdemScope is whose idempotency keys a call's key is among: the agent,
// the subject's digest (SubjectDigest of its id, "" for none) and the
// runtime key the call came through, and the run the call belongs to.
// Another runtime key of the same agent and subject has its own records:
// it never receives an outcome of a call it did not make.
type IdemScope struct {
	Agent, SubjectHash, Run string
	KeyID                   uint
}

// IdempotencyScope is the scope of a call by agent for the subject
// subjectID ("" for none) through the runtime key keyID.
func (s *Store) IdempotencyScope(ctx context.Context, agent, subjectID, run string, keyID uint) (IdemScope, error) {
	d, err := s.SubjectDigest(ctx, subjectID)
	if err != nil {
		return IdemScope{}, err
	}
	return IdemScope{Agent: agent, SubjectHash: d, Run: run, KeyID: keyID}, nil
}

// ArgumentsDigest is the digest an idempotency record keeps of a call's
// arguments (canonical JSON): an HMAC keyed by the idempotency key itself
// (and the secrets key when one is configured), so the digest of a small
// argument space cannot be matched by guessing from a dump.
func (s *Store) ArgumentsDigest(sc IdemScope, tool, key string, canonical []byte) string {
	mac := hmac.New(sha256.New, append([]byte(key), s.sealKey...))
	for _, part := range [][]byte{[]byte(sc.Agent), []byte(sc.SubjectHash), []byte(tool), canonical} {
		mac.Write([]byte(strconv.Itoa(len(part)) + ":"))
		mac.Write(part)
	}
	return hex.EncodeToString(mac.Sum(nil))
}

// ClaimIdempotent claims (agent, subject, runtime key, tool, key) for one execution of
// the call whose arguments have argsDigest (ArgumentsDigest), holding the
// claim for lease: claimed is true for the first caller, on any replica;
// otherwise rec is the record (Done with its outcome opened, or still
// open until its LeaseUntil), its ArgsDigest the first call's (empty for
// a record made before digests were kept).
func (s *Store) ClaimIdempotent(ctx context.Context, sc IdemScope, tool, key, argsDigest string, lease time.Duration) (rec *IdempotentCall, claimed bool, err error) {
	now := time.Now().UTC()
	row := &IdempotentCall{Run: sc.Run, Agent: sc.Agent, SubjectHash: sc.SubjectHash, KeyID: sc.KeyID, Tool: tool, KeyHash: SessionHash(key), ArgsDigest: argsDigest,
		LeaseUntil: now.Add(lease), CreatedAt: now}
	res := s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(row)
	if res.Error != nil {
		return nil, false, fmt.Errorf("models: claim idempotency key: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return row, true, nil
	}
	var got IdempotentCall
	if err := s.with(ctx).Where("agent = ? AND subject_hash = ? AND key_id = ? AND tool = ? AND key_hash = ?", sc.Agent, sc.SubjectHash, sc.KeyID, tool, row.KeyHash).First(&got).Error; err != nil {
		return nil, false, fmt.Errorf("models: claim idempotency key: %w", notFound(err))
	}
	rec, err = s.openOutcome(&got)
	return rec, false, err
}

// plainOutcome marks an outcome stored without a secrets key.
const plainOutcome = "plain:"

// ErrIdempotentSettled means a claim was settled already: its outcome is
// the one recorded first (a lapsed claim settled by a retry, or the call
// that finished first).
var ErrIdempotentSettled = errors.New("models: the idempotency record was settled already")

// FinishIdempotent records the outcome of a claimed call, sealed when a
// secrets key is configured. Only an open claim takes an outcome: one
// settled already gives ErrIdempotentSettled and keeps its outcome.
func (s *Store) FinishIdempotent(ctx context.Context, id uint, outcome []byte) error {
	return s.settleIdempotent(ctx, id, outcome, time.Time{})
}

// LapseIdempotent settles a claim whose lease ended before its call
// recorded an outcome (its console stopped or lost the call) with
// outcome; ErrIdempotentSettled when the call finished (or another
// retry settled it) first.
func (s *Store) LapseIdempotent(ctx context.Context, id uint, outcome []byte) error {
	return s.settleIdempotent(ctx, id, outcome, time.Now().UTC())
}

func (s *Store) settleIdempotent(ctx context.Context, id uint, outcome []byte, lapsedBy time.Time) error {
	sealed := plainOutcome + string(outcome)
	if s.sealKey != nil {
		var err error
		if sealed, err = s.seal(outcome, fmt.Sprintf("idempotent:%d", id)); err != nil {
			return err
		}
	}
	q := s.with(ctx).Model(&IdempotentCall{}).Where("id = ? AND NOT done", id)
	if !lapsedBy.IsZero() {
		q = q.Where("lease_until < ?", lapsedBy)
	}
	res := q.Updates(map[string]any{"done": true, "outcome": sealed})
	if res.Error != nil {
		return fmt.Errorf("models: record idempotent outcome: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrIdempotentSettled
	}
	return nil
}

// ReleaseIdempotent forgets a claim whose call never reached the
// upstream, so a retry may run it.
func (s *Store) ReleaseIdempotent(ctx context.Context, id uint) error {
	if err := s.with(ctx).Where("id = ? AND NOT done", id).Delete(&IdempotentCall{}).Error; err != nil {
		return fmt.Errorf("models: release idempotency key: %w", err)
	}
	return nil
}

// PruneIdempotent deletes the idempotency records made before cutoff
// (they are kept as long as run evidence is); a key whose record is
// gone runs its call again.
func (s *Store) PruneIdempotent(ctx context.Context, cutoff time.Time) (int64, error) {
	res := s.with(ctx).Where("created_at < ?", cutoff).Delete(&IdempotentCall{})
	if res.Error != nil {
		return 0, fmt.Errorf("models: prune idempotency records: %w", res.Error)
	}
	return res.RowsAffected, nil
}
