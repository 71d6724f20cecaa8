package models

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// AuditEvent is one row of the append-only, hash-chained audit log.
type AuditEvent struct {
	ID           uint      `gorm:"primaryKey"`
	At           time.Time `gorm:"index;not null"`
	Actor        string    `gorm:"size:128;index;not null"`
	Action       string    `gorm:"size:64;index;not null"`
	Subject      string    `gorm:"size:256;index;not null"`
	BeforeDigest string    `gorm:"size:128"`
	AfterDigest  string    `gorm:"size:128"`
	RequestID    string    `gorm:"size:64"`
	Detail       string    `gorm:"size:2000"`
	PrevHash     string    `gorm:"size:64;uniqueIndex;not null"`
	Hash         string    `gorm:"size:64;not null"`
}

// Event is what a mutation records.
type Event struct {
	Actor   string
	Action  string
	Subject string
	Before  string
	After   string
	Detail  string
}

type ctxKey int

const requestIDKey ctxKey = 1

// WithRequestID attaches the request id that audit events record.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

// RequestID returns the request id attached to ctx, if any.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// genesis is the previous hash of the first event.
const genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// Audit appends an event. Call it inside the transaction of the change it
// records. On Postgres an advisory lock orders concurrent appenders; the
// unique previous-hash index refuses a fork on either database.
func (s *Store) Audit(ctx context.Context, e Event) error {
	db := s.with(ctx)
	if s.dialect == DialectPostgres {
		if err := db.Exec("SELECT pg_advisory_xact_lock(7002)").Error; err != nil {
			return fmt.Errorf("models: audit lock: %w", err)
		}
	}
	var last AuditEvent
	prev := genesis
	if err := db.Order("id DESC").Limit(1).Find(&last).Error; err != nil {
		return fmt.Errorf("models: audit: %w", err)
	}
	if last.ID != 0 {
		prev = last.Hash
	}
	row := AuditEvent{
		At: time.Now().UTC().Truncate(time.Microsecond), Actor: clipTo(e.Actor, 128), Action: e.Action, Subject: clipTo(e.Subject, 256),
		BeforeDigest: clipTo(e.Before, 128), AfterDigest: clipTo(e.After, 128), RequestID: RequestID(ctx), Detail: clipTo(e.Detail, 2000), PrevHash: prev,
	}
	row.Hash = row.computeHash()
	if err := db.Create(&row).Error; err != nil {
		return fmt.Errorf("models: audit: %w", notFound(err))
	}
	return nil
}

func (a AuditEvent) computeHash() string {
	h := sha256.New()
	for _, f := range []string{a.PrevHash, a.At.UTC().Format(time.RFC3339Nano), a.Actor, a.Action, a.Subject, a.BeforeDigest, a.AfterDigest, a.RequestID, a.Detail} {
		fmt.Fprintf(h, "%d:%s|", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && s[len(s)-1]&0xC0 == 0x80 {
		s = s[:len(s)-1]
	}
	return strings.ToValidUTF8(s, "")
}

// VerifyResult is the outcome of walking the chain.
type VerifyResult struct {
	Events   int
	BrokenAt uint // id of the first event whose link or hash is wrong; 0 if none
	Reason   string
}

// VerifyAudit walks the chain in id order and reports the first broken
// link.
func (s *Store) VerifyAudit(ctx context.Context) (VerifyResult, error) {
	var res VerifyResult
	prev := genesis
	var batch []AuditEvent
	lastID := uint(0)
	for {
		batch = batch[:0]
		if err := s.with(ctx).Where("id > ?", lastID).Order("id").Limit(1000).Find(&batch).Error; err != nil {
			return res, fmt.Errorf("models: verify audit: %w", err)
		}
		if len(batch) == 0 {
			return res, nil
		}
		for _, e := range batch {
			res.Events++
			if e.PrevHash != prev {
				res.BrokenAt, res.Reason = e.ID, "previous-hash link does not match the event before it"
				return res, nil
			}
			if e.computeHash() != e.Hash {
				res.BrokenAt, res.Reason = e.ID, "content does not match its hash"
				return res, nil
			}
			prev = e.Hash
			lastID = e.ID
		}
	}
}

// AuditFilter narrows the audit log listing.
type AuditFilter struct {
	Actor   string
	Action  string
	Subject string
	Since   time.Time
	Until   time.Time
	Page    int
	PerPage int
}

// AuditEvents lists events newest first, with the total count.
func (s *Store) AuditEvents(ctx context.Context, f AuditFilter) ([]AuditEvent, int64, error) {
	q := s.with(ctx).Model(&AuditEvent{})
	if f.Actor != "" {
		q = q.Where("actor = ?", f.Actor)
	}
	if f.Action != "" {
		q = q.Where("action = ?", f.Action)
	}
	if f.Subject != "" {
		q = q.Where("subject LIKE ?", "%"+f.Subject+"%")
	}
	if !f.Since.IsZero() {
		q = q.Where("at >= ?", f.Since)
	}
	if !f.Until.IsZero() {
		q = q.Where("at < ?", f.Until)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	if f.PerPage <= 0 || f.PerPage > 200 {
		f.PerPage = 50
	}
	if f.Page < 1 {
		f.Page = 1
	}
	var out []AuditEvent
	err := q.Order("id DESC").Offset((f.Page - 1) * f.PerPage).Limit(f.PerPage).Find(&out).Error
	return out, total, err
}
