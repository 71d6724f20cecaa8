package models

import (
	"context"
	"fmt"
	"time"
)

// Revise replaces the proposal's content with a new revision. Only its
// author may revise, and only from the revision they saw; the new digest
// makes earlier approvals stale.
func (s *Store) Revise(ctx context.Context, actor string, id uint, baseRevision int, c SkillContent) (*Proposal, error) {
	return s.revise(ctx, actor, id, baseRevision, c, -1)
}

// Rebase is Revise onto the current production version: the new revision
// (the merge the author accepted) is judged against production version
// onto, which must still be production when it is written (else
// ErrConflict: production moved again).
func (s *Store) Rebase(ctx context.Context, actor string, id uint, baseRevision, onto int, c SkillContent) (*Proposal, error) {
	return s.revise(ctx, actor, id, baseRevision, c, onto)
}

// revise writes a new revision; onto >= 0 also moves the proposal's base
// to that production version.
func (s *Store) revise(ctx context.Context, actor string, id uint, baseRevision int, c SkillContent, onto int) (*Proposal, error) {
	if errs := c.Validate(); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	var out *Proposal
	err := s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProposalByID(ctx, id)
		if err != nil {
			return err
		}
		if p.Status != ProposalOpen && p.Status != ProposalDraft {
			return ErrClosed
		}
		if p.Author != actor {
			return ErrForbidden
		}
		before, oldBase := p.Digest, p.BaseVersion
		editors := p.Editors()
		if !p.EditedBy(actor) {
			editors = append(editors, actor)
		}
		p.setContent(c)
		cols := map[string]any{
			"name": p.Name, "summary": p.Summary, "procedure": p.Procedure, "required_tools": p.RequiredToolsJSON, "digest": p.Digest,
			"revision": baseRevision + 1, "lock": p.Lock + 1, "editors": encodeList(editors), "updated_at": time.Now().UTC(),
		}
		if onto >= 0 {
			if prod, err := tx.productionNumber(ctx, p.SkillID); err != nil {
				return err
			} else if prod != onto {
				return ErrConflict
			}
			cols["base_version"], p.BaseVersion = onto, onto
		}
		res := tx.with(ctx).Model(&Proposal{}).Where("id = ? AND revision = ? AND status = ?", id, baseRevision, p.Status).Updates(cols)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		p.Revision, p.Lock = baseRevision+1, p.Lock+1
		if err := tx.addRevision(ctx, p, actor); err != nil {
			return err
		}
		out = p
		action, detail := "proposal.revise", fmt.Sprintf("revision %d", p.Revision)
		if onto >= 0 {
			action, detail = "proposal.rebase", fmt.Sprintf("revision %d, rebased from %s onto %s", p.Revision, versionLabel(oldBase), versionLabel(onto))
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: action, Subject: fmt.Sprintf("proposal:%d", id), Before: before, After: p.Digest, Detail: detail})
	})
	if err != nil {
		return nil, fmt.Errorf("models: revise proposal %d: %w", id, err)
	}
	return out, nil
}

// Content is what the revision held.
func (r ProposalRevision) Content() SkillContent {
	return SkillContent{Name: r.Name, Summary: r.Summary, Procedure: r.Procedure, RequiredTools: decodeList(r.RequiredToolsJSON)}
}
