package models

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/agentforge/console/catalog"
)

// Hint proposal statuses.
const (
	HintsOpen     = "open"
	HintsApproved = "approved"
	HintsRejected = "rejected"
)

// HintProposal is an editor's proposed set of search hints (aliases and
// keywords) for a stored tool. Hints feed the search index only and are
// never shown to the model, but they are part of the contract and its
// digest, so a change is reviewed like any contract change: a reviewer
// other than the proposer approves it, against the digest it was
// proposed on.
type HintProposal struct {
	ID         uint   `gorm:"primaryKey"`
	ToolID     string `gorm:"size:200;not null;index"`
	HintsJSON  string `gorm:"column:hints;type:text;not null"`
	BaseDigest string `gorm:"size:64;not null"` // the tool's digest when proposed
	Status     string `gorm:"size:16;not null;index"`
	ProposedBy string `gorm:"size:64;not null"`
	CreatedAt  time.Time
	DecidedBy  string `gorm:"size:64"`
	DecidedAt  *time.Time
	Reason     string `gorm:"size:500" text:"person"`
	NewDigest  string `gorm:"size:64"` // the tool's digest after an approval
}

// Hints decodes the proposed hints.
func (p HintProposal) Hints() []string {
	var hs []string
	_ = json.Unmarshal([]byte(p.HintsJSON), &hs)
	return hs
}

// ProposeHints records an editor's proposed search hints for a tool. seen
// is the tool digest the editor looked at: a tool changed since is
// ErrConflict. The hints are normalized (trimmed, repeats dropped) and
// bounded; a proposal identical to the tool's hints is refused. Audited.
func (s *Store) ProposeHints(ctx context.Context, actor *User, toolID, seen string, hints []string) (*HintProposal, error) {
	if actor == nil || !(actor.Has(RoleEditor) || actor.Has(RoleAdmin)) {
		return nil, ErrForbidden
	}
	hs, err := catalog.NormalizeSearchHints(toolID, hints)
	if err != nil {
		return nil, &ValidationError{Fields: map[string]string{"hints": err.Error()}}
	}
	for _, h := range hs {
		if msg := catalog.HiddenText(h); msg != "" {
			return nil, &ValidationError{Fields: map[string]string{"hints": fmt.Sprintf("%q %s", h, msg)}}
		}
	}
	var p *HintProposal
	err = s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, toolID)
		if err != nil {
			return err
		}
		if seen != t.Digest {
			return ErrConflict
		}
		c, err := t.Parsed()
		if err != nil {
			return err
		}
		if slices.Equal(c.SearchHints, hs) {
			return &ValidationError{Fields: map[string]string{"hints": "are the tool's hints already; change something to propose"}}
		}
		b, _ := json.Marshal(hs)
		p = &HintProposal{ToolID: t.ID, HintsJSON: string(b), BaseDigest: t.Digest, Status: HintsOpen, ProposedBy: actor.Username, CreatedAt: time.Now().UTC()}
		if err := tx.with(ctx).Create(p).Error; err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor.Username, Action: "tool.hints.propose", Subject: "tool:" + t.ID, Before: t.Digest,
			Detail: clipTo(fmt.Sprintf("proposal %d: %s (was: %s)", p.ID, hintList(hs), hintList(c.SearchHints)), 2000)})
	})
	if err != nil {
		return nil, fmt.Errorf("models: propose hints for %s: %w", toolID, err)
	}
	return p, nil
}

// HintProposals lists a tool's hint proposals, newest first; toolID ""
// lists every open one.
func (s *Store) HintProposals(ctx context.Context, toolID string) ([]HintProposal, error) {
	var ps []HintProposal
	q := s.with(ctx).Order("id DESC")
	if toolID == "" {
		q = q.Where("status = ?", HintsOpen)
	} else {
		q = q.Where("tool_id = ?", toolID)
	}
	if err := q.Find(&ps).Error; err != nil {
		return nil, fmt.Errorf("models: hint proposals: %w", err)
	}
	return ps, nil
}

// HintProposalByID finds one hint proposal.
func (s *Store) HintProposalByID(ctx context.Context, id uint) (*HintProposal, error) {
	var p HintProposal
	if err := s.with(ctx).First(&p, id).Error; err != nil {
		return nil, fmt.Errorf("models: hint proposal %d: %w", id, notFound(err))
	}
	return &p, nil
}

// DecideHints approves or rejects an open hint proposal. Only a reviewer
// who did not propose it decides; a rejection needs a reason. Approving
// sets the tool's search hints: its contract and digest change (the old
// contract is kept for the diff) in a compare-and-swap on the digest the
// proposal was made on, so a tool changed since is ErrConflict. Hints
// never reach the model, so the tool keeps its ledger state and the
// reviewer's classification, rebound to the new digest; bindings of the
// old digest go stale like after any contract change. One audited
// transaction.
func (s *Store) DecideHints(ctx context.Context, actor *User, id uint, approve bool, reason string) (*HintProposal, error) {
	if actor == nil || !actor.Has(RoleReviewer) {
		return nil, ErrForbidden
	}
	reason = strings.TrimSpace(reason)
	switch {
	case !approve && reason == "":
		return nil, &ValidationError{Fields: map[string]string{"reason": "say why the hints are rejected"}}
	case tooLong(reason, MaxMessage):
		return nil, &ValidationError{Fields: map[string]string{"reason": atMost(MaxMessage)}}
	}
	var out *HintProposal
	err := s.Tx(ctx, func(tx *Store) error {
		p, err := tx.HintProposalByID(ctx, id)
		if err != nil {
			return err
		}
		if p.Status != HintsOpen {
			return fmt.Errorf("proposal %d is %s: %w", p.ID, p.Status, ErrClosed)
		}
		if p.ProposedBy == actor.Username {
			return ErrSelfApproval
		}
		now := time.Now().UTC()
		upd := map[string]any{"decided_by": actor.Username, "decided_at": now, "reason": reason, "status": HintsRejected}
		ev := Event{Actor: actor.Username, Action: "tool.hints.reject", Subject: "tool:" + p.ToolID, Before: p.BaseDigest,
			Detail: clipTo(fmt.Sprintf("proposal %d by %s: %s; reason: %s", p.ID, p.ProposedBy, hintList(p.Hints()), reason), 2000)}
		if approve {
			digest, err := tx.setToolHints(ctx, p.ToolID, p.BaseDigest, p.Hints())
			if err != nil {
				return err
			}
			upd["status"], upd["new_digest"] = HintsApproved, digest
			ev.Action, ev.After = "tool.hints.approve", digest
			ev.Detail = clipTo(fmt.Sprintf("proposal %d by %s: %s", p.ID, p.ProposedBy, hintList(p.Hints())), 2000)
		}
		res := tx.with(ctx).Model(&HintProposal{}).Where("id = ? AND status = ?", p.ID, HintsOpen).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		if err := tx.Audit(ctx, ev); err != nil {
			return err
		}
		out, err = tx.HintProposalByID(ctx, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("models: decide hint proposal %d: %w", id, err)
	}
	return out, nil
}

// setToolHints replaces a tool's search hints if its digest is still
// base, keeps the old contract for the diff, rebinds a classification of
// the old digest to the new one, bumps the catalog, and returns the new
// digest.
func (s *Store) setToolHints(ctx context.Context, id, base string, hints []string) (string, error) {
	t, err := s.ToolByID(ctx, id)
	if err != nil {
		return "", err
	}
	if t.Digest != base {
		return "", fmt.Errorf("tool %s changed since the hints were proposed: %w", id, ErrConflict)
	}
	c, err := t.Parsed()
	if err != nil {
		return "", err
	}
	c.SearchHints = append([]string(nil), hints...)
	if len(c.SearchHints) == 0 {
		c.SearchHints = nil
	}
	if _, err := catalog.New([]catalog.Contract{c}); err != nil {
		return "", &ValidationError{Fields: map[string]string{"hints": err.Error()}}
	}
	digest := catalog.Digest(c)
	upd := map[string]any{"contract": string(catalog.CanonicalJSON(c)), "digest": digest}
	upd["prev_digest"], upd["prev_json"] = t.comparedWith()
	if t.ClassifiedDigest == t.Digest {
		upd["classified_digest"] = digest
	}
	res := s.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", id, base).Updates(nextReview(upd))
	if res.Error != nil {
		return "", res.Error
	}
	if res.RowsAffected != 1 {
		return "", ErrConflict
	}
	return digest, s.bumpCatalog(ctx)
}

func hintList(hs []string) string {
	if len(hs) == 0 {
		return "(no hints)"
	}
	return "[" + strings.Join(hs, ", ") + "]"
}
