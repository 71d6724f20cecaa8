package models

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// A proposal saved as a draft is private (Proposal.Private) until its
// author submits it: only the author reads it, and whether its skill's
// slug exists is revealed to nobody else — not by creating a skill of
// that slug, not by the API, not by the audit log. A draft withdrawn
// before it was submitted stays private.

// migratePrivateProposals adds proposals.private and marks the proposals
// never submitted for review: drafts, and withdrawn proposals no
// "proposal.open" audit event names (a draft withdrawn before submission;
// an opened proposal's event names it as "skill:S proposal:N", a
// submitted draft's as "proposal:N").
func migratePrivateProposals(tx *gorm.DB, _ string) error {
	if !tx.Migrator().HasColumn(&Proposal{}, "private") {
		if err := tx.Exec("ALTER TABLE proposals ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE").Error; err != nil {
			return err
		}
	}
	return tx.Exec(`UPDATE proposals SET private = TRUE WHERE status = ? OR (status = ? AND NOT EXISTS (
		SELECT 1 FROM audit_events e WHERE e.action = 'proposal.open'
		AND (e.subject = 'proposal:' || CAST(proposals.id AS TEXT) OR e.subject LIKE '% proposal:' || CAST(proposals.id AS TEXT))))`,
		ProposalDraft, ProposalWithdrawn).Error
}

// skillPublicSQL holds for a skill whose slug user may know: it has a
// version, or a proposal that was submitted for review (open, promoted,
// rejected or withdrawn after submission), or user wrote a proposal of it.
const skillPublicSQL = `(EXISTS (SELECT 1 FROM skill_versions v WHERE v.skill_id = skills.id)
	OR EXISTS (SELECT 1 FROM proposals p WHERE p.skill_id = skills.id AND (p.private = ? OR p.author = ?)))`

// HiddenSkillSlugs lists the slugs user may not know: skills that exist
// only through other people's private drafts.
func (s *Store) HiddenSkillSlugs(ctx context.Context, user string) ([]string, error) {
	var slugs []string
	err := s.with(ctx).Model(&Skill{}).Where("NOT "+skillPublicSQL, false, user).Order("slug").Pluck("slug", &slugs).Error
	if err != nil {
		return nil, fmt.Errorf("models: hidden skills: %w", err)
	}
	return slugs, nil
}
