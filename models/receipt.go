package models

import (
	"context"
	"fmt"
	"time"
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
// It is one plain statement: the ORM's Create wrapped the insert in a
// transaction of its own (three round trips on Postgres) and was a fifth of
// a distinct compose request's CPU.
func (s *Store) SaveReceipt(ctx context.Context, r *Receipt) error {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = time.Now()
	}
	if err := s.with(ctx).Exec("INSERT INTO receipts (digest, inputs, text, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING",
		r.Digest, r.Inputs, r.Text, r.CreatedAt).Error; err != nil {
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
