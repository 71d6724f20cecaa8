package models

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// ReceiptReader records that an owner's keys were served a composition,
// with that owner's own normalized request (the security rules: anything stored
// from one caller is shown to another only if that caller may see it). A
// composition is content-addressed, so two owners can be served one
// digest: each reads the inputs it sent, never the other's, and an owner
// never served the digest is answered as if it did not exist.
type ReceiptReader struct {
	Digest    string `gorm:"primaryKey;size:64"`
	Owner     string `gorm:"primaryKey;size:64"`
	Inputs    string `gorm:"type:text;not null"`
	CreatedAt time.Time
}

// subjectSecretName names the key of subject digests among the server
// secrets.
const subjectSecretName = "subject-digest"

// SubjectDigest is what a receipt keeps of an end user's id: an HMAC with
// a server secret, so equal ids match and no id can be read back or
// guessed by hashing candidates.
func (s *Store) SubjectDigest(ctx context.Context, id string) (string, error) {
	key, err := s.Secret(ctx, subjectSecretName)
	if err != nil {
		return "", fmt.Errorf("models: subject digest: %w", err)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id))
	return hex.EncodeToString(m.Sum(nil)), nil
}

// SaveReceiptFor stores a receipt's text unless textStored says the digest
// is stored already (a process that wrote it skips resending the text),
// and the owner's inputs unless the owner was served it already. Both
// rows do nothing on a conflict, and they land together: on Postgres in
// one statement (one round trip), on SQLite in one transaction (one
// commit).
func (s *Store) SaveReceiptFor(ctx context.Context, r *Receipt, owner, inputs string, textStored bool) error {
	at := r.CreatedAt
	if at.IsZero() {
		at = time.Now()
	}
	if textStored {
		return s.saveReceiptReader(ctx, r.Digest, owner, inputs, at)
	}
	if s.dialect == DialectPostgres {
		if err := s.with(ctx).Exec("WITH receipt AS (INSERT INTO receipts (digest, inputs, text, created_at) VALUES (?, '', ?, ?) ON CONFLICT (digest) DO NOTHING) "+
			"INSERT INTO receipt_readers (digest, owner, inputs, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (digest, owner) DO NOTHING",
			r.Digest, r.Text, at, r.Digest, owner, inputs, at).Error; err != nil {
			return fmt.Errorf("models: save receipt: %w", err)
		}
		return nil
	}
	save := func(tx *Store) error {
		if err := tx.SaveReceipt(ctx, &Receipt{Digest: r.Digest, Text: r.Text, CreatedAt: at}); err != nil {
			return err
		}
		return tx.saveReceiptReader(ctx, r.Digest, owner, inputs, at)
	}
	if s.inTx {
		return save(s)
	}
	return s.Tx(ctx, save)
}

// saveReceiptReader stores an owner's inputs of a receipt, unless the
// owner was served it already.
func (s *Store) saveReceiptReader(ctx context.Context, digest, owner, inputs string, at time.Time) error {
	if err := s.with(ctx).Exec("INSERT INTO receipt_readers (digest, owner, inputs, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (digest, owner) DO NOTHING",
		digest, owner, inputs, at).Error; err != nil {
		return fmt.Errorf("models: save receipt reader: %w", err)
	}
	return nil
}

// ReceiptForOwner loads a receipt as owner reads it: the text and the
// owner's own inputs. An admin reads any receipt, with the inputs of the
// owner first served it (or of an older version's receipt, which kept no
// owner). ErrNotFound when the owner may not read it, as when it does not
// exist.
func (s *Store) ReceiptForOwner(ctx context.Context, digest, owner string, admin bool) (*Receipt, error) {
	r, err := s.ReceiptByDigest(ctx, digest)
	if err != nil {
		return nil, err
	}
	var rr []ReceiptReader
	q := s.with(ctx).Where("digest = ?", digest)
	if !admin {
		q = q.Where("owner = ?", owner)
	}
	if err := q.Order("created_at").Limit(1).Find(&rr).Error; err != nil {
		return nil, fmt.Errorf("models: receipt %s: %w", digest, err)
	}
	switch {
	case len(rr) == 1:
		r.Inputs, r.CreatedAt = rr[0].Inputs, rr[0].CreatedAt
	case !admin:
		return nil, fmt.Errorf("models: receipt %s: %w", digest, ErrNotFound)
	}
	return r, nil
}
