package models

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"
)

// Receipt is a served composition, stored content-addressed: the exact
// text and the inputs, with every version and digest pinned, so the
// instruction that ran can be reconstructed after anything changed.
type Receipt struct {
	Digest    string `gorm:"primaryKey;size:64"`
	Inputs    string `gorm:"type:text;not null"` // JSON: request, agent, profile version, pinned tools and skills
	Text      string `gorm:"type:text;not null"`
	CreatedAt time.Time
}

// SaveReceipt stores a receipt unless one with its digest exists.
func (s *Store) SaveReceipt(ctx context.Context, r *Receipt) error {
	if err := s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(r).Error; err != nil {
		return fmt.Errorf("models: save receipt: %w", err)
	}
	return nil
}

// ReceiptByDigest loads a receipt.
func (s *Store) ReceiptByDigest(ctx context.Context, digest string) (*Receipt, error) {
	var r Receipt
	if err := s.with(ctx).Where("digest = ?", digest).First(&r).Error; err != nil {
		return nil, fmt.Errorf("models: receipt %s: %w", digest, notFound(err))
	}
	return &r, nil
}
