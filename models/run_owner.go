package models

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"
)

// RunOwner is the runtime key that opened a run id through the runs API:
// only that key writes searches, steps and calls to the run (migration
// 253). A run the API wrote before owners were kept is claimed by the
// first key that writes to it since.
type RunOwner struct {
	Run       string `gorm:"primaryKey;size:128"`
	KeyID     uint   `gorm:"not null"`
	CreatedAt time.Time
}

// ClaimRun returns the runtime key that owns run, making keyID its owner
// when it has none (a unique key: of two keys opening one run id at once,
// on any replicas, exactly one owns it).
func (s *Store) ClaimRun(ctx context.Context, run string, keyID uint) (uint, error) {
	var o RunOwner
	if err := s.with(ctx).Where("run = ?", run).Limit(1).Find(&o).Error; err != nil {
		return 0, fmt.Errorf("models: claim run: %w", err)
	}
	if o.Run != "" {
		return o.KeyID, nil
	}
	res := s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&RunOwner{Run: run, KeyID: keyID, CreatedAt: time.Now().UTC()})
	if res.Error != nil {
		return 0, fmt.Errorf("models: claim run: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return keyID, nil
	}
	if err := s.with(ctx).Where("run = ?", run).First(&o).Error; err != nil {
		return 0, fmt.Errorf("models: claim run: %w", err)
	}
	return o.KeyID, nil
}

// RunOwnerOf is the runtime key that owns run, known false when no key
// has opened it yet: nothing is claimed.
func (s *Store) RunOwnerOf(ctx context.Context, run string) (keyID uint, known bool, err error) {
	var o RunOwner
	if err := s.with(ctx).Where("run = ?", run).Limit(1).Find(&o).Error; err != nil {
		return 0, false, fmt.Errorf("models: run owner: %w", err)
	}
	return o.KeyID, o.Run != "", nil
}
