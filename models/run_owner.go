package models

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// RunOwner is the runtime key that opened a run id through the runs API:
// only that key writes searches, steps and calls to the run (migration
// 253). A run the API wrote before owners were kept is claimed by the
// first key that writes to it since.
//
// A gateway session's run is owned by the key that opened the session
// (CreateGatewaySession), with the keyed digest of the subject it was
// opened for (migration 262; "" for none, or an API run, whose subject is
// each request's): the runs pages name both after the session is gone.
type RunOwner struct {
	Run           string `gorm:"primaryKey;size:128"`
	KeyID         uint   `gorm:"not null"`
	SubjectDigest string `gorm:"size:80;not null;default:''"`
	CreatedAt     time.Time
}

// ClaimRun returns the runtime key that owns run, making keyID its owner
// when it has none (a unique key: of two keys opening one run id at once,
// on any replicas, exactly one owns it).
func (s *Store) ClaimRun(ctx context.Context, run string, keyID uint) (uint, error) {
	o, err := s.ClaimRunOwner(ctx, run, keyID)
	return o.KeyID, err
}

// ClaimRunOwner is ClaimRun returning the owner's row: its key and when
// it claimed the run (a retention pass removes owners by that time).
//
// Its callers have just read the run unowned, so it inserts first and
// reads only when another claim came first: one statement for a new run,
// outside a transaction (the ORM would put the one insert in one: three
// round trips).
func (s *Store) ClaimRunOwner(ctx context.Context, run string, keyID uint) (RunOwner, error) {
	var o RunOwner
	mine := RunOwner{Run: run, KeyID: keyID, CreatedAt: time.Now().UTC()}
	res := s.with(ctx).Session(&gorm.Session{SkipDefaultTransaction: true}).Clauses(clause.OnConflict{DoNothing: true}).Create(&mine)
	if res.Error != nil {
		return RunOwner{}, fmt.Errorf("models: claim run: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return mine, nil
	}
	if err := s.with(ctx).Where("run = ?", run).First(&o).Error; err != nil {
		return RunOwner{}, fmt.Errorf("models: claim run: %w", err)
	}
	return o, nil
}

// RunOwnerOf is the runtime key that owns run, known false when no key
// has opened it yet: nothing is claimed.
func (s *Store) RunOwnerOf(ctx context.Context, run string) (keyID uint, known bool, err error) {
	o, known, err := s.RunOwnerRow(ctx, run)
	return o.KeyID, known, err
}

// RunOwnerRow is RunOwnerOf with the owner's row (its key and when it
// claimed the run).
func (s *Store) RunOwnerRow(ctx context.Context, run string) (RunOwner, bool, error) {
	var o RunOwner
	if err := s.with(ctx).Where("run = ?", run).Limit(1).Find(&o).Error; err != nil {
		return RunOwner{}, false, fmt.Errorf("models: run owner: %w", err)
	}
	return o, o.Run != "", nil
}
