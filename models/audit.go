package models

import (
	"context"
	"crypto/hmac"
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
	// Keyed: Hash is an HMAC with the audit key (every event written
	// since the chain was keyed); false only for events of older versions.
	Keyed bool `gorm:"not null;default:false"`
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

// auditSecretName names the generated audit-chain key among the server
// secrets.
const auditSecretName = "audit-chain"

// SetAuditKey configures the audit chain's HMAC key (CONSOLE_AUDIT_KEY):
// kept outside the database, the same on every replica. Without it the
// chain uses a key generated once and kept among the server secrets.
func (s *Store) SetAuditKey(key []byte) {
	s.auditKey = append([]byte(nil), key...)
}

func (s *Store) chainKey(ctx context.Context) ([]byte, error) {
	if len(s.auditKey) > 0 {
		return s.auditKey, nil
	}
	return s.Secret(ctx, auditSecretName)
}

// Audit appends an event. Call it inside the transaction of the change it
// records. On Postgres an advisory lock orders concurrent appenders; the
// unique previous-hash index refuses a fork on either database.
func (s *Store) Audit(ctx context.Context, e Event) error {
	if !s.inTx {
		// the chain's read of the last event and the insert after it are
		// one transaction: the Postgres lock below holds to its end and
		// SQLite's immediate transaction takes the write lock first, so
		// writers at the same time queue instead of colliding
		return s.Tx(ctx, func(tx *Store) error { return tx.Audit(ctx, e) })
	}
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
	key, err := s.appendKey(ctx, db, last)
	if err != nil {
		return err
	}
	row := AuditEvent{
		At: time.Now().UTC().Truncate(time.Microsecond), Actor: clipTo(e.Actor, 128), Action: e.Action, Subject: clipTo(e.Subject, 256),
		BeforeDigest: clipTo(e.Before, 128), AfterDigest: clipTo(e.After, 128), RequestID: RequestID(ctx), Detail: clipTo(e.Detail, 2000), PrevHash: prev, Keyed: true,
	}
	row.Hash = row.computeHash(key)
	if err := db.Create(&row).Error; err != nil {
		return fmt.Errorf("models: audit: %w", notFound(err))
	}
	return nil
}

// computeHash is HMAC-SHA256 with key over the event's fields and the
// previous hash; a nil key gives the unkeyed SHA-256 of events written
// before the chain was keyed.
func (a AuditEvent) computeHash(key []byte) string {
	h := sha256.New()
	if key != nil {
		h = hmac.New(sha256.New, key)
	}
	for _, f := range []string{a.PrevHash, a.At.UTC().Format(time.RFC3339Nano), a.Actor, a.Action, a.Subject, a.BeforeDigest, a.AfterDigest, a.RequestID, a.Detail} {
		fmt.Fprintf(h, "%d:%s|", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// clipTo is s cleaned (CleanText: no NUL, which Postgres refuses in
// text, nor invalid UTF-8) and cut to at most n bytes on a character
// boundary: every stored text that may hold a client's or a server's
// words goes through it.
func clipTo(s string, n int) string {
	s = CleanText(s)
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
	// Head is the last event's id and hash.
	HeadID   uint
	HeadHash string
}

// Broken reports whether verification found tampering.
func (r VerifyResult) Broken() bool { return r.Reason != "" }

// Checkpoint is a signed statement of the chain's head, to be kept outside
// the database (see README: keeping checkpoints).
type Checkpoint struct {
	V      int       `json:"v"`
	ID     uint      `json:"head_id"`
	Hash   string    `json:"head_hash"`
	Events int       `json:"events"`
	At     time.Time `json:"at"`
	MAC    string    `json:"mac"`
}

func (c Checkpoint) mac(key []byte) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "audit-checkpoint|v%d|%d|%s|%d|%s", c.V, c.ID, c.Hash, c.Events, c.At.UTC().Format(time.RFC3339Nano))
	return hex.EncodeToString(m.Sum(nil))
}

func (c Checkpoint) valid(key []byte) bool {
	return c.V == 1 && hmac.Equal([]byte(c.mac(key)), []byte(c.MAC))
}

// AuditCheckpoint verifies the chain and signs its head. It refuses to
// sign a broken chain.
func (s *Store) AuditCheckpoint(ctx context.Context) (Checkpoint, error) {
	res, err := s.VerifyAudit(ctx)
	if err != nil {
		return Checkpoint{}, err
	}
	if res.Broken() {
		return Checkpoint{}, fmt.Errorf("models: the audit chain is broken at event %d (%s): no checkpoint signed", res.BrokenAt, res.Reason)
	}
	key, err := s.chainKey(ctx)
	if err != nil {
		return Checkpoint{}, err
	}
	cp := Checkpoint{V: 1, ID: res.HeadID, Hash: res.HeadHash, Events: res.Events, At: time.Now().UTC().Truncate(time.Second)}
	if cp.ID == 0 {
		cp.Hash = genesis
	}
	cp.MAC = cp.mac(key)
	return cp, nil
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
	// HideSkills are slugs the viewer may not know (HiddenSkillSlugs): a
	// subject search never finds an event by one of them
	HideSkills []string
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
		// a literal substring, case aside, on every database
		q = q.Where("LOWER(subject) LIKE ?"+likeEscape, "%"+likeLiteral(strings.ToLower(f.Subject))+"%")
		for _, slug := range f.HideSkills {
			q = q.Where("subject <> ? AND subject NOT LIKE ?"+likeEscape, "skill:"+slug, likeLiteral("skill:"+slug+" ")+"%")
		}
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
