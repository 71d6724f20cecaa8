package models

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ApprovalAsker records one runtime key that asked for a pending approval
// request: the key that filed it and every key whose call reused it (one
// pending request per call, whichever key asks). The creator of any of
// them may not approve the request (ErrKeyOwnerDecision), and only they
// may replace a check's placeholder summary (migration 244).
type ApprovalAsker struct {
	ApprovalID uint `gorm:"primaryKey;autoIncrement:false"`
	KeyID      uint `gorm:"primaryKey;autoIncrement:false;index"`
	CreatedAt  time.Time
}

// recordAsker records that key asked for the request id (once; 0 is no key).
func (s *Store) recordAsker(ctx context.Context, id, key uint) error {
	if key == 0 {
		return nil
	}
	return s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&ApprovalAsker{ApprovalID: id, KeyID: key, CreatedAt: time.Now().UTC()}).Error
}

// ApprovalAskedBy reports whether the runtime key key filed the request a
// or asked for it since (the filing key counts, also for requests filed
// before askers were recorded): such a key may read the request back.
func (s *Store) ApprovalAskedBy(ctx context.Context, a *Approval, key uint) (bool, error) {
	if key == a.KeyID {
		return true, nil
	}
	if key == 0 {
		return false, nil
	}
	var n int64
	err := s.with(ctx).Model(&ApprovalAsker{}).Where("approval_id = ? AND key_id = ?", a.ID, key).Count(&n).Error
	return n > 0, err
}

// ApprovalHoldsFor reports whether the approval a may be presented for a
// call made through the runtime key key: a request filed through a
// runtime key holds only for the keys that asked for it (ApprovalAskedBy)
// — each key vouches for its own subjects, so another runtime's "sam" is
// not this one's. A request filed without a runtime key (by a person),
// or a check made without one, is bound to no key.
func (s *Store) ApprovalHoldsFor(ctx context.Context, a *Approval, key uint) (bool, error) {
	if key == 0 || a.KeyID == 0 {
		return true, nil
	}
	return s.ApprovalAskedBy(ctx, a, key)
}

// askingKeyOwners are the creators of the runtime keys that asked for the
// request a (the filing key and every key recorded as asking).
func (s *Store) askingKeyOwners(ctx context.Context, a *Approval) ([]string, error) {
	var owners []string
	err := s.with(ctx).Model(&APIKey{}).Where("id = ? OR id IN (SELECT key_id FROM approval_askers WHERE approval_id = ?)", a.KeyID, a.ID).
		Where("created_by <> ''").Pluck("created_by", &owners).Error
	return owners, err
}

// ApprovalKeyOwners maps each of the requests ids to the creators of the
// runtime keys that asked for it, so a page offers no Approve to them.
func (s *Store) ApprovalKeyOwners(ctx context.Context, ids []uint) (map[uint][]string, error) {
	out := map[uint][]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ApprovalID uint
		CreatedBy  string
	}
	err := s.with(ctx).Raw(`SELECT a.id AS approval_id, k.created_by FROM approvals a JOIN api_keys k ON k.id = a.key_id WHERE a.id IN ? AND k.created_by <> ''
UNION SELECT q.approval_id, k.created_by FROM approval_askers q JOIN api_keys k ON k.id = q.key_id WHERE q.approval_id IN ? AND k.created_by <> ''`, ids, ids).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ApprovalID] = append(out[r.ApprovalID], r.CreatedBy)
	}
	return out, nil
}

// migrateApprovalAskers (migration 244) records every runtime key that
// asked for an approval request; a request's filing key is its first.
func migrateApprovalAskers(tx *gorm.DB, _ string) error {
	if err := tx.Migrator().CreateTable(&ApprovalAsker{}); err != nil {
		return err
	}
	return tx.Exec("INSERT INTO approval_askers (approval_id, key_id, created_at) SELECT id, key_id, created_at FROM approvals WHERE key_id <> 0").Error
}
