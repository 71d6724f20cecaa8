package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/plural"
)

// SelectionCaseSet is one immutable version of an agent's selection cases
// (the selection rules): the suite as canonical JSON (k and cases), validated by
// the caller with instruction/eval before it is stored.
type SelectionCaseSet struct {
	ID        uint   `gorm:"primaryKey"`
	AgentID   uint   `gorm:"not null;uniqueIndex:idx_selection_cases_version"`
	Version   int    `gorm:"not null;uniqueIndex:idx_selection_cases_version"`
	SuiteJSON string `gorm:"column:suite;type:text;not null"`
	// Source is the suite as the person typed or uploaded it (comments,
	// order, style), shown again in the editor; "" for versions stored
	// before it was kept. SuiteJSON is what is evaluated.
	Source    string `gorm:"type:text;not null;default:''"`
	Cases     int    `gorm:"not null"`
	Message   string `gorm:"size:500" text:"person"`
	Author    string `gorm:"size:64;not null"`
	Digest    string `gorm:"size:64;not null"`
	CreatedAt time.Time
}

// MaxSuiteBytes bounds a stored case suite.
const MaxSuiteBytes = 512 << 10

// SelectionCases returns an agent's current case set (its newest
// version), or ErrNotFound when it has none.
func (s *Store) SelectionCases(ctx context.Context, agentID uint) (*SelectionCaseSet, error) {
	var v SelectionCaseSet
	if err := s.with(ctx).Where("agent_id = ?", agentID).Order("version DESC").First(&v).Error; err != nil {
		return nil, fmt.Errorf("models: selection cases of agent %d: %w", agentID, notFound(err))
	}
	return &v, nil
}

// SelectionCasesAt returns one version of an agent's case set.
func (s *Store) SelectionCasesAt(ctx context.Context, agentID uint, version int) (*SelectionCaseSet, error) {
	var v SelectionCaseSet
	if err := s.with(ctx).Where("agent_id = ? AND version = ?", agentID, version).First(&v).Error; err != nil {
		return nil, fmt.Errorf("models: selection cases of agent %d version %d: %w", agentID, version, notFound(err))
	}
	return &v, nil
}

// SelectionCaseVersions lists an agent's case set versions, newest first,
// without their suites.
func (s *Store) SelectionCaseVersions(ctx context.Context, agentID uint) ([]SelectionCaseSet, error) {
	var vs []SelectionCaseSet
	err := s.with(ctx).Select("id", "agent_id", "version", "cases", "message", "author", "digest", "created_at").
		Where("agent_id = ?", agentID).Order("version DESC").Find(&vs).Error
	return vs, err
}

// SaveSelectionCases stores a new version of an agent's case set made from
// base (0 for the first). A save whose base is no longer the newest is
// refused with ErrConflict, never a silent overwrite; the audit event is
// written in the same transaction.
func (s *Store) SaveSelectionCases(ctx context.Context, actor string, agentID uint, base int, suiteJSON string, cases int, message string) (*SelectionCaseSet, error) {
	return s.SaveSelectionCasesTyped(ctx, actor, agentID, base, suiteJSON, "", cases, message)
}

// SaveSelectionCasesTyped is SaveSelectionCases keeping source, the text
// as the person typed it, beside the canonical suite.
func (s *Store) SaveSelectionCasesTyped(ctx context.Context, actor string, agentID uint, base int, suiteJSON, source string, cases int, message string) (*SelectionCaseSet, error) {
	switch {
	case len(suiteJSON) > MaxSuiteBytes || len(source) > MaxSuiteBytes:
		return nil, &ValidationError{Fields: map[string]string{"suite": fmt.Sprintf("is over %d bytes", MaxSuiteBytes)}}
	case tooLong(message, MaxMessage):
		return nil, &ValidationError{Fields: map[string]string{"message": atMost(MaxMessage)}}
	case base < 0:
		return nil, &ValidationError{Fields: map[string]string{"base": "must be 0 or a version"}}
	}
	out := SelectionCaseSet{AgentID: agentID, Version: base + 1, SuiteJSON: suiteJSON, Source: source, Cases: cases, Message: message, Author: actor, Digest: digestOf(suiteJSON)}
	err := s.Tx(ctx, func(tx *Store) error {
		a, err := tx.AgentByID(ctx, agentID)
		if err != nil {
			return err
		}
		var newest int
		if err := tx.with(ctx).Model(&SelectionCaseSet{}).Where("agent_id = ?", agentID).Select("COALESCE(MAX(version), 0)").Scan(&newest).Error; err != nil {
			return err
		}
		if newest != base {
			return ErrConflict
		}
		before := ""
		if base > 0 {
			prev, err := tx.SelectionCasesAt(ctx, agentID, base)
			if err != nil {
				return err
			}
			before = prev.Digest
		}
		// the unique (agent, version) index refuses a concurrent save of
		// the same base that passed the check above
		if err := tx.with(ctx).Create(&out).Error; err != nil {
			return notFound(err)
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "selection_cases.save", Subject: "agent:" + a.Slug, Before: before, After: out.Digest,
			Detail: withMessage(fmt.Sprintf("version %d from %d, %s", out.Version, base, plural.Count(cases, "case")), message)})
	})
	if err != nil {
		if errors.Is(err, ErrConflict) {
			return nil, fmt.Errorf("models: save selection cases: %w", ErrConflict)
		}
		return nil, fmt.Errorf("models: save selection cases: %w", err)
	}
	return &out, nil
}

// withMessage is detail, then ": " and message when there is one (no
// colon left dangling after a save without a message).
func withMessage(detail, message string) string {
	if message == "" {
		return detail
	}
	return detail + ": " + message
}
