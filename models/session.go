package models

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/agentforge/console/models/peer"
)

// Session is a signed-in browser. Only the hash of its token is stored.
type Session struct {
	ID         string `gorm:"primaryKey;size:64"`
	UserID     uint   `gorm:"index;not null"`
	CSRFToken  string `gorm:"size:64;not null"`
	Flash      string `gorm:"size:512"`
	CreatedAt  time.Time
	LastSeenAt time.Time
}

// SessionPolicy sets session lifetimes.
type SessionPolicy struct {
	Idle     time.Duration
	Absolute time.Duration
}

// DefaultSessionPolicy: 2 hours idle, 12 hours absolute.
var DefaultSessionPolicy = SessionPolicy{Idle: 2 * time.Hour, Absolute: 12 * time.Hour}

func hashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

// CreateSession starts a session and returns the token for the cookie.
func (s *Store) CreateSession(ctx context.Context, userID uint) (string, *Session, error) {
	tok := RandomToken(32)
	now := time.Now().UTC()
	sess := &Session{ID: hashToken(tok), UserID: userID, CSRFToken: RandomToken(24), CreatedAt: now, LastSeenAt: now}
	if err := s.with(ctx).Create(sess).Error; err != nil {
		return "", nil, fmt.Errorf("models: create session: %w", err)
	}
	return tok, sess, nil
}

// SessionByToken loads a live session and its user, ending it when idle or
// absolute time ran out or the user is disabled. It touches last-seen at
// most once a minute.
func (s *Store) SessionByToken(ctx context.Context, tok string, p SessionPolicy) (*Session, *User, error) {
	var sess Session
	if err := s.with(ctx).Where("id = ?", hashToken(tok)).First(&sess).Error; err != nil {
		return nil, nil, notFound(err)
	}
	now := time.Now().UTC()
	if now.Sub(sess.LastSeenAt) > p.Idle || now.Sub(sess.CreatedAt) > p.Absolute {
		s.with(ctx).Delete(&sess)
		return nil, nil, ErrNotFound
	}
	u, err := s.UserByID(ctx, sess.UserID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, nil, err
	}
	if err != nil || u.Disabled {
		s.with(ctx).Delete(&sess)
		return nil, nil, ErrNotFound
	}
	if now.Sub(sess.LastSeenAt) > time.Minute {
		s.with(ctx).Model(&sess).Update("last_seen_at", now)
	}
	return &sess, u, nil
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	return s.with(ctx).Where("id = ?", id).Delete(&Session{}).Error
}

// SetFlash stores a one-time message for the session's page at path to
// (the redirect's target; its query is ignored): only that page shows it.
func (s *Store) SetFlash(ctx context.Context, id, msg, to string) error {
	if len(msg) > 500 {
		msg = msg[:500]
		for len(msg) > 0 && msg[len(msg)-1]&0xC0 == 0x80 {
			msg = msg[:len(msg)-1]
		}
	}
	return s.with(ctx).Model(&Session{}).Where("id = ?", id).Update("flash", flashFor(to)+msg).Error
}

// flashMark is what a stored flash begins with: a separator, the first 8
// hex digits of its target path's SHA-256, a separator (10 bytes, so the
// message fits the column).
func flashFor(to string) string {
	path, _, _ := strings.Cut(to, "#")
	path, _, _ = strings.Cut(path, "?")
	sum := sha256.Sum256([]byte(path))
	return "\x1f" + hex.EncodeToString(sum[:4]) + "\x1f"
}

// TakeFlash returns and clears the session's flash when path is the
// page it was set for; any other page clears it, so a message whose
// redirect was not followed never shows on an unrelated page.
func (s *Store) TakeFlash(ctx context.Context, sess *Session, path string) string {
	if sess.Flash == "" {
		return ""
	}
	msg := sess.Flash
	s.with(ctx).Model(&Session{}).Where("id = ?", sess.ID).Update("flash", "")
	sess.Flash = ""
	if strings.HasPrefix(msg, "\x1f") && len(msg) >= 10 {
		if msg[:10] != flashFor(path) {
			return ""
		}
		msg = msg[10:]
	}
	return msg
}

// CountSessions counts a user's sessions.
func (s *Store) CountSessions(ctx context.Context, userID uint) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&Session{}).Where("user_id = ?", userID).Count(&n).Error
	return n, err
}

// LoginAttempt is a failed sign-in, kept for throttling.
type LoginAttempt struct {
	ID       uint      `gorm:"primaryKey"`
	Username string    `gorm:"size:64;index"`
	IP       string    `gorm:"size:64;index"`
	At       time.Time `gorm:"index"`
}

// Throttle limits, per window (the security rules). An address is an IPv4
// address or an IPv6 /64 (one subscriber's network: its addresses are
// free to it). The account limit is per (account, address), and an
// address is limited across accounts. Failures from other addresses never
// lock the owner out: past MaxFailuresPerAccountAnyAddress failures for an
// account, only addresses that have failed for it in the window are
// refused; an address without recent failures still gets its attempts, so
// the right password from it works.
const (
	MaxFailuresPerAccount           = 5
	MaxFailuresPerIP                = 20
	MaxFailuresPerAccountAnyAddress = 100
	ThrottleWindow                  = 15 * time.Minute
)

// BeginAttempt counts a password attempt (sign-in, or the current password
// on the account page) before the password is checked, so concurrent
// attempts cannot race past the limit: the attempt is stored first, then
// the attempts in the window are counted, and only an attempt within every
// limit may go on to check the password (allowed). A refused attempt is
// not kept (attempt 0). An allowed attempt stays recorded as a failure
// unless AttemptSucceeded clears it or AttemptNotChecked forgets it by
// the id returned here.
func (s *Store) BeginAttempt(ctx context.Context, username, ip string) (attempt uint, allowed bool, err error) {
	username, ip = clipTo(username, 64), clipTo(ThrottleAddress(ip), 64)
	now := time.Now().UTC()
	row := LoginAttempt{Username: username, IP: ip, At: now}
	if err := s.with(ctx).Create(&row).Error; err != nil {
		return 0, false, err
	}
	since := now.Add(-ThrottleWindow)
	var byAccountIP, byIP, byAccount int64
	q := s.with(ctx).Model(&LoginAttempt{}).Where("at > ?", since)
	if err := q.Session(&gorm.Session{}).Where("username = ? AND ip = ?", username, ip).Count(&byAccountIP).Error; err != nil {
		return 0, false, err
	}
	if err := q.Session(&gorm.Session{}).Where("ip = ?", ip).Count(&byIP).Error; err != nil {
		return 0, false, err
	}
	if err := q.Session(&gorm.Session{}).Where("username = ?", username).Count(&byAccount).Error; err != nil {
		return 0, false, err
	}
	// byAccountIP counts this attempt: more than one means this address
	// failed for the account already
	if byAccountIP > MaxFailuresPerAccount || byIP > MaxFailuresPerIP || (byAccount > MaxFailuresPerAccountAnyAddress && byAccountIP > 1) {
		return 0, false, s.with(ctx).Delete(&LoginAttempt{}, row.ID).Error
	}
	return row.ID, true, nil
}

// AttemptSucceeded forgets the failures of an account from this address
// after the right password (failures from other addresses stay).
func (s *Store) AttemptSucceeded(ctx context.Context, username, ip string) error {
	return s.with(ctx).Where("username = ? AND ip = ?", clipTo(username, 64), clipTo(ThrottleAddress(ip), 64)).Delete(&LoginAttempt{}).Error
}

// AttemptNotChecked forgets the attempt BeginAttempt allowed (by the id
// it returned) whose password was never checked (no hashing slot in time:
// ErrBusy): it was no failure, and counting it would let a flood that
// keeps the slots full lock out the owner's own attempts. Only that
// attempt goes: another one begun meanwhile from the same address (the
// newest row) stays counted. An attempt already gone changes nothing.
func (s *Store) AttemptNotChecked(ctx context.Context, attempt uint) error {
	if attempt == 0 {
		return nil
	}
	return s.with(ctx).Delete(&LoginAttempt{}, attempt).Error
}

// ThrottleAddress is the address throttling counts a client under:
// peer.Key (an IPv4 address, an IPv6 /64).
func ThrottleAddress(ip string) string { return peer.Key(ip) }
