package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Proposal statuses.
const (
	ProposalDraft     = "draft" // private to its author until submitted
	ProposalOpen      = "open"
	ProposalPromoted  = "promoted"
	ProposalRejected  = "rejected"
	ProposalWithdrawn = "withdrawn"
)

// Review kinds.
const (
	ReviewApprove        = "approve"
	ReviewRequestChanges = "request_changes"
)

// Proposal is a proposed new version of a skill: a change under review.
type Proposal struct {
	ID                uint   `gorm:"primaryKey"`
	SkillID           uint   `gorm:"index;not null"`
	Status            string `gorm:"size:16;index;not null"`
	Author            string `gorm:"size:64;index;not null"`
	EditorsJSON       string `gorm:"column:editors;type:text;not null"`
	Revision          int    `gorm:"not null"`
	Digest            string `gorm:"size:64;not null"`
	BaseVersion       int    `gorm:"not null"` // production version when opened; 0 for a new skill
	Name              string `gorm:"size:64;not null" text:"person"`
	Summary           string `gorm:"size:1024;not null" text:"person"`
	Procedure         string `gorm:"type:text;not null" text:"person"`
	RequiredToolsJSON string `gorm:"column:required_tools;type:text;not null"`
	Lock              int    `gorm:"not null"`
	CreatedAt         time.Time
	UpdatedAt         time.Time
	ClosedBy          string `gorm:"size:64"`
	ClosedAt          *time.Time
	PromotedVersion   *int
	Reason            string `gorm:"size:1000" text:"person"`
	// ClosedProduction is the production version the proposal was judged
	// against when it closed (0: the skill had none); nil while open.
	ClosedProduction *int
	// ApprovedByJSON lists the approvals that counted when it closed: for
	// a promotion, the ones that promoted it. Later role changes and
	// production moves do not rewrite this record.
	ApprovedByJSON string `gorm:"column:approved_by;type:text;not null;default:''"`
	// Private marks a proposal never submitted for review (a draft, or a
	// draft withdrawn unsubmitted): its author's alone (proposal_private.go).
	Private bool `gorm:"not null;default:false"`
}

// ApprovedBy lists the reviewers whose approvals counted when the
// proposal closed.
func (p Proposal) ApprovedBy() []string { return decodeList(p.ApprovedByJSON) }

// Closed reports whether the proposal was promoted, rejected or withdrawn.
func (p Proposal) Closed() bool {
	return p.Status == ProposalPromoted || p.Status == ProposalRejected || p.Status == ProposalWithdrawn
}

// Content is the proposal's current revision.
func (p Proposal) Content() SkillContent {
	return SkillContent{Name: p.Name, Summary: p.Summary, Procedure: p.Procedure, RequiredTools: decodeList(p.RequiredToolsJSON)}
}

// Editors lists everyone who wrote a revision: none of them may approve.
func (p Proposal) Editors() []string { return decodeList(p.EditorsJSON) }

// EditedBy reports whether the user wrote any revision.
func (p Proposal) EditedBy(user string) bool {
	for _, e := range p.Editors() {
		if e == user {
			return true
		}
	}
	return false
}

// ProposalRevision keeps every revision's content and digest.
type ProposalRevision struct {
	ID                uint   `gorm:"primaryKey"`
	ProposalID        uint   `gorm:"not null;uniqueIndex:idx_proposal_revision"`
	Revision          int    `gorm:"not null;uniqueIndex:idx_proposal_revision"`
	Digest            string `gorm:"size:64;not null"`
	Name              string `gorm:"size:64;not null" text:"person"`
	Summary           string `gorm:"size:1024;not null" text:"person"`
	Procedure         string `gorm:"type:text;not null" text:"person"`
	RequiredToolsJSON string `gorm:"column:required_tools;type:text;not null"`
	Author            string `gorm:"size:64;not null"`
	CreatedAt         time.Time
}

// Workflow errors.
var (
	ErrForbidden        = errors.New("models: not allowed")
	ErrSelfApproval     = errors.New("models: authors and editors of a proposal cannot approve it")
	ErrStaleDigest      = errors.New("models: the proposal changed since you read it")
	ErrClosed           = errors.New("models: the proposal is closed")
	ErrNotApproved      = errors.New("models: not enough fresh approvals")
	ErrChangesRequested = errors.New("models: a reviewer requested changes")
	ErrChecksFailing    = errors.New("models: automated checks fail")
)

func (s *Store) fail(step string) error {
	if s.fault != nil {
		return s.fault(step)
	}
	return nil
}

// ProposalByID loads a proposal.
func (s *Store) ProposalByID(ctx context.Context, id uint) (*Proposal, error) {
	var p Proposal
	if err := s.with(ctx).First(&p, id).Error; err != nil {
		return nil, fmt.Errorf("models: proposal %d: %w", id, notFound(err))
	}
	return &p, nil
}

// Proposals lists proposals of a status ("" for all), newest first.
func (s *Store) Proposals(ctx context.Context, status string) ([]Proposal, error) {
	q := s.with(ctx).Order("id DESC")
	if status != "" {
		q = q.Where("status = ?", status)
	}
	var ps []Proposal
	err := q.Find(&ps).Error
	return ps, err
}

// SkillProposals lists a skill's proposals, newest first.
func (s *Store) SkillProposals(ctx context.Context, skillID uint) ([]Proposal, error) {
	var ps []Proposal
	err := s.with(ctx).Where("skill_id = ?", skillID).Order("id DESC").Find(&ps).Error
	return ps, err
}

// Revisions lists a proposal's revisions, oldest first.
func (s *Store) Revisions(ctx context.Context, proposalID uint) ([]ProposalRevision, error) {
	var rs []ProposalRevision
	err := s.with(ctx).Where("proposal_id = ?", proposalID).Order("revision").Find(&rs).Error
	return rs, err
}

// Propose opens a proposal. For a new skill (newSkill) the slug is
// reserved; otherwise the skill must exist and the proposal starts from
// its production version.
func (s *Store) Propose(ctx context.Context, actor, slug string, newSkill bool, c SkillContent) (*Proposal, error) {
	return s.propose(ctx, actor, slug, newSkill, c, ProposalOpen)
}

// SaveDraft stores a proposal as a private draft: only its author can read
// or revise it until they submit it for review.
func (s *Store) SaveDraft(ctx context.Context, actor, slug string, newSkill bool, c SkillContent) (*Proposal, error) {
	return s.propose(ctx, actor, slug, newSkill, c, ProposalDraft)
}

// ProposalErrors is every field error a proposal of c is refused for (the
// slug only of a new skill); empty when none.
func ProposalErrors(slug string, newSkill bool, c SkillContent) map[string]string {
	errs := c.Validate()
	if newSkill && !slugPattern().MatchString(slug) {
		errs["slug"] = slugRule()
	}
	return errs
}

func (s *Store) propose(ctx context.Context, actor, slug string, newSkill bool, c SkillContent, status string) (*Proposal, error) {
	if errs := ProposalErrors(slug, newSkill, c); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	var p *Proposal
	err := s.Tx(ctx, func(tx *Store) error {
		var k *Skill
		if newSkill {
			// a slug whose earlier new-skill proposals were all withdrawn
			// or rejected is free again; one held only by other people's
			// private drafts answers as a free slug (its proposal joins
			// them, each author's draft private): only a slug the actor
			// may see is taken
			if old, err := tx.SkillBySlug(ctx, slug); err == nil {
				if _, err := tx.SkillVisibleTo(ctx, slug, actor); err == nil {
					return &ValidationError{Fields: map[string]string{"slug": "is taken"}}
				} else if !errors.Is(err, ErrNotFound) {
					return err
				}
				k = old
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		if newSkill && k == nil {
			k = &Skill{Slug: slug, CreatedBy: actor}
			if err := tx.with(ctx).Create(k).Error; err != nil {
				if errors.Is(notFound(err), ErrConflict) {
					return &ValidationError{Fields: map[string]string{"slug": "is taken"}}
				}
				return err
			}
		} else if !newSkill {
			var err error
			if k, err = tx.SkillBySlug(ctx, slug); err != nil {
				return err
			}
		}
		base := 0
		if l, err := tx.Production(ctx, k.ID); err != nil {
			return err
		} else if l != nil {
			base = l.Version
		}
		p = &Proposal{SkillID: k.ID, Status: status, Author: actor, EditorsJSON: encodeList([]string{actor}), Revision: 1, BaseVersion: base, Lock: 1, Private: status == ProposalDraft}
		p.setContent(c)
		if err := tx.with(ctx).Create(p).Error; err != nil {
			return err
		}
		if err := tx.addRevision(ctx, p, actor); err != nil {
			return err
		}
		if status == ProposalDraft {
			// a private draft's event names no slug: Submit names it
			return tx.Audit(ctx, Event{Actor: actor, Action: "proposal.draft", Subject: fmt.Sprintf("proposal:%d", p.ID), After: p.Digest})
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "proposal.open", Subject: fmt.Sprintf("skill:%s proposal:%d", slug, p.ID), After: p.Digest})
	})
	if err != nil {
		return nil, fmt.Errorf("models: propose %s: %w", slug, err)
	}
	return p, nil
}

func (p *Proposal) setContent(c SkillContent) {
	c = c.Normalized()
	p.Name, p.Summary, p.Procedure, p.RequiredToolsJSON, p.Digest = strings.TrimSpace(c.Name), c.Summary, c.Procedure, encodeList(c.RequiredTools), c.Digest()
}

func (s *Store) addRevision(ctx context.Context, p *Proposal, actor string) error {
	return s.with(ctx).Create(&ProposalRevision{ProposalID: p.ID, Revision: p.Revision, Digest: p.Digest, Name: p.Name, Summary: p.Summary,
		Procedure: p.Procedure, RequiredToolsJSON: p.RequiredToolsJSON, Author: actor}).Error
}

// VisibleTo reports whether the user may see the proposal: drafts, and
// drafts withdrawn unsubmitted, are their author's alone.
func (p Proposal) VisibleTo(user string) bool {
	return (p.Status != ProposalDraft && !p.Private) || p.Author == user
}
