package models

import (
	"context"
	"strings"
	"time"
)

// A connection whose server answered with one of the console's own
// secrets that no caller sent it (audited secret.exposure, subject
// "connection:<name>") is paused: every call of it is refused until an
// admin resumes it (audited connection.resume on the same subject). The
// audit log is the record, so every replica reads the same state and an
// earlier release's exposures count too.

// Audit actions that pause and resume a connection.
const (
	ActionSecretExposure   = "secret.exposure"
	ActionConnectionResume = "connection.resume"
)

// ConnectionSubject is the audit subject of connection name.
func ConnectionSubject(name string) string { return "connection:" + name }

// ConnectionPaused says whether connection name is paused: its newest
// secret.exposure is newer than its newest connection.resume.
func (s *Store) ConnectionPaused(ctx context.Context, name string) (bool, error) {
	var rows []struct {
		Action string
		Last   uint
	}
	err := s.with(ctx).Model(&AuditEvent{}).Select("action, MAX(id) AS last").
		Where("subject = ? AND action IN ?", ConnectionSubject(name), []string{ActionSecretExposure, ActionConnectionResume}).
		Group("action").Scan(&rows).Error
	if err != nil {
		return false, err
	}
	var exposed, resumed uint
	for _, r := range rows {
		if r.Action == ActionSecretExposure {
			exposed = r.Last
		} else {
			resumed = r.Last
		}
	}
	return exposed > resumed, nil
}

// PausedConnection is a paused connection: its name and its newest
// exposure (when, and the audit's words, never the secret).
type PausedConnection struct {
	Name  string
	Since time.Time
	Why   string
}

// PausedConnections is every paused connection, most recently paused
// first. It reads only each subject's newest exposure or resume (by the
// action index; the gateway reads it every two seconds), not every one
// the audit log ever held: a subject is paused when its newest is an
// exposure.
func (s *Store) PausedConnections(ctx context.Context) ([]PausedConnection, error) {
	newest := s.with(ctx).Model(&AuditEvent{}).Select("MAX(id)").
		Where("action IN ?", []string{ActionSecretExposure, ActionConnectionResume}).Group("subject")
	var evs []AuditEvent
	err := s.with(ctx).Select("id", "at", "subject", "detail").Where("id IN (?) AND action = ? AND subject LIKE ?", newest, ActionSecretExposure, "connection:%").
		Order("id DESC").Find(&evs).Error
	if err != nil {
		return nil, err
	}
	var out []PausedConnection
	for _, e := range evs {
		if name, ok := strings.CutPrefix(e.Subject, "connection:"); ok {
			out = append(out, PausedConnection{Name: name, Since: e.At, Why: e.Detail})
		}
	}
	return out, nil
}

// ResumeConnection resumes paused connection name (ErrNotFound when it is
// not paused), audited connection.resume under actor.
func (s *Store) ResumeConnection(ctx context.Context, actor, name string) error {
	return s.Tx(ctx, func(tx *Store) error {
		paused, err := tx.ConnectionPaused(ctx, name)
		if err != nil {
			return err
		}
		if !paused {
			return ErrNotFound
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: ActionConnectionResume, Subject: ConnectionSubject(name),
			Detail: "connection " + name + " resumed after a server answer held a console secret: its calls go to its server again"})
	})
}
