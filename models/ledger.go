package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
)

// Classification is a reviewer's judgement of a tool's effects and risk,
// bound to the descriptor digest they saw.
type Classification struct {
	Effects string
	Risk    string
}

// HintRisk is the risk a tool's effects suggest; the review form starts
// from it and the reviewer decides.
func HintRisk(effects string) string {
	switch effects {
	case "read-only":
		return "low"
	case "workspace-write":
		return "medium"
	}
	return "high"
}

// statusOf maps a ledger state onto the tool status the rest of the
// console reads: only bindable tools are available.
func statusOf(state string) string {
	switch state {
	case authority.StateBindable:
		return ToolAvailable
	case authority.StateRejected:
		return ToolRejected
	}
	return ToolCandidate
}

// AuthorityTool is the ledger's view of a stored tool for authorization:
// the reviewer's classification, never the import's hint.
func (t Tool) AuthorityTool() authority.Tool {
	c, _ := t.Parsed()
	return t.AuthorityToolOf(c)
}

// AuthorityToolOf is AuthorityTool with the tool's contract already parsed
// (parsing is most of its cost; a catalog snapshot parses once).
func (t Tool) AuthorityToolOf(c catalog.Contract) authority.Tool {
	effects := t.ClassEffects
	if t.ClassifiedDigest != t.Digest {
		effects = "" // a classification of another version (kept for a rollback) classifies nothing here
	}
	return authority.Tool{ID: t.ID, Version: c.Version, Digest: t.Digest, Effects: effects, State: t.Validation}
}

// ClassifyTool records a reviewer's classification of one tool, bound to
// the digest they saw (a mismatch is ErrConflict), and moves it to the
// given ledger state (bindable or rejected) through the ledger's state
// machine: only from structurally_valid (or bindable → rejected), never
// by its importer. A bindable tool classified again stays bindable with
// the new class and a new review stamp, so the bindings and approvals
// pinned to the earlier review end. All in one audited transaction.
func (s *Store) ClassifyTool(ctx context.Context, actor, id, seen, to string, cl Classification) error {
	err := s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, id)
		if err != nil {
			return err
		}
		action, detail := "tool.classify", moveDetail(t, to, cl)
		if t.Validation == authority.StateBindable && to == authority.StateBindable {
			action, detail = "tool.reclassify", fmt.Sprintf("%s: effects %s, risk %s → effects %s, risk %s; bindings and approvals decided under the earlier review end",
				t.ID, t.ClassEffects, t.ClassRisk, cl.Effects, cl.Risk)
		}
		if err := tx.moveTool(ctx, t, actor, seen, to, cl); err != nil {
			return err
		}
		if err := tx.bumpCatalog(ctx); err != nil {
			return err
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: action, Subject: "tool:" + t.ID, After: t.Digest, Detail: detail}); err != nil {
			return err
		}
		if to != authority.StateBindable {
			return nil
		}
		// effects grants read the class: a pending request no grant of
		// its groups asks for under the new one is void
		return tx.voidRequestsOfTool(ctx, actor, t.ID, "tool:"+t.ID+" classified "+cl.Effects, time.Now())
	})
	if err != nil {
		return fmt.Errorf("models: classify %s: %w", id, err)
	}
	return nil
}

// ErrLedger wraps a refused ledger transition.
var ErrLedger = errors.New("models: ledger")

func (s *Store) moveTool(ctx context.Context, t *Tool, actor, seen, to string, cl Classification) error {
	shapers, err := s.shapersOf(ctx, t.Namespace)
	if err != nil {
		return err
	}
	m := authority.Move{Actor: actor, Importer: t.ImportedBy, Shapers: shapers, Trust: t.Trust, Digest: t.Digest, Seen: seen, Effects: cl.Effects, Risk: cl.Risk}
	check := authority.Transition
	if t.Validation == authority.StateBindable && to == authority.StateBindable {
		check = func(from, _ string, m authority.Move) error { return authority.Reclassify(from, m) }
	}
	if err := check(t.Validation, to, m); err != nil {
		switch {
		case errors.Is(err, authority.ErrSelfReview):
			return ErrSelfReview
		case errors.Is(err, authority.ErrDigestChanged):
			return ErrConflict
		case errors.Is(err, authority.ErrUnclassified):
			return &ValidationError{Fields: map[string]string{"effects": "classify effects (" + fmt.Sprint(authority.EffectsClasses()) + ") and risk (low, medium, high)"}}
		}
		return fmt.Errorf("%w: %w", ErrLedger, err)
	}
	now := time.Now().UTC()
	upd := map[string]any{"validation": to, "status": statusOf(to), "reviewed_by": actor, "reviewed_at": now}
	if to == authority.StateBindable {
		upd["class_effects"], upd["class_risk"], upd["classified_by"], upd["classified_at"], upd["classified_digest"] = cl.Effects, cl.Risk, actor, now, t.Digest
	}
	res := s.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ? AND validation = ?", t.ID, t.Digest, t.Validation).Updates(upd)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrConflict
	}
	return nil
}

func moveDetail(t *Tool, to string, cl Classification) string {
	detail := fmt.Sprintf("%s: %s → %s", t.ID, t.Validation, to)
	if to == authority.StateBindable {
		detail += fmt.Sprintf("; effects %s, risk %s (hint %s)", cl.Effects, cl.Risk, hintOf(t))
	}
	return detail
}

func hintOf(t *Tool) string {
	c, err := t.Parsed()
	if err != nil {
		return "?"
	}
	return string(c.Effects)
}

// ledgerEntry sets a newly stored or changed descriptor's ledger fields:
// it enters as a candidate and, having passed the catalog's structural
// validation, moves to structurally_valid; a built-in (host-verified)
// tool is then made bindable by the host with its own classification.
func ledgerEntry(row map[string]any, source string, effects string, digest string, now time.Time) error {
	state := authority.StateCandidate
	if err := authority.Transition(state, authority.StateStructurallyValid, authority.Move{System: true, Valid: true}); err != nil {
		return err
	}
	state = authority.StateStructurallyValid
	row["trust"] = authority.TrustUntrusted
	row["class_effects"], row["class_risk"], row["classified_by"], row["classified_at"], row["classified_digest"] = "", "", "", nil, ""
	if source == SourceBuiltin {
		row["trust"] = authority.TrustHostVerified
		m := authority.Move{System: true, Trust: authority.TrustHostVerified, Digest: digest, Seen: digest, Effects: effects, Risk: HintRisk(effects)}
		if err := authority.Transition(state, authority.StateBindable, m); err != nil {
			return err
		}
		state = authority.StateBindable
		row["class_effects"], row["class_risk"], row["classified_by"], row["classified_at"], row["classified_digest"] = effects, HintRisk(effects), SystemActor, now, digest
	}
	row["validation"] = state
	row["status"] = statusOf(state)
	return nil
}

// setLedger sets the ledger columns ledgerEntry wrote into m on t, as
// an update of those columns would store them; a column it does not know
// is an error, so a new ledger column cannot be dropped on the way.
func (t *Tool) setLedger(m map[string]any) error {
	for k, v := range m {
		switch k {
		case "trust", "class_effects", "class_risk", "classified_by", "classified_digest", "validation", "status":
			s, ok := v.(string)
			if !ok {
				return fmt.Errorf("models: ledger column %s: %T is not a string", k, v)
			}
			switch k {
			case "trust":
				t.Trust = s
			case "class_effects":
				t.ClassEffects = s
			case "class_risk":
				t.ClassRisk = s
			case "classified_by":
				t.ClassifiedBy = s
			case "classified_digest":
				t.ClassifiedDigest = s
			case "validation":
				t.Validation = s
			case "status":
				t.Status = s
			}
		case "classified_at":
			switch at := v.(type) {
			case nil:
				t.ClassifiedAt = nil
			case time.Time:
				t.ClassifiedAt = &at
			default:
				return fmt.Errorf("models: ledger column %s: %T is not a time", k, v)
			}
		default:
			return fmt.Errorf("models: ledger column %s is not set on an inserted tool", k)
		}
	}
	return nil
}

// backfillLedger fills the ledger of tools stored before it existed: the
// review already done stands, bound to the digest it was done on.
func backfillLedger(tx *gorm.DB) error {
	var ts []Tool
	if err := tx.Find(&ts).Error; err != nil {
		return err
	}
	for _, t := range ts {
		c, _ := t.Parsed()
		upd := map[string]any{"trust": authority.TrustUntrusted, "validation": authority.StateStructurallyValid}
		if t.Source == SourceBuiltin {
			upd["trust"] = authority.TrustHostVerified
		}
		switch t.Status {
		case ToolAvailable:
			by := t.ReviewedBy
			if by == "" {
				by = SystemActor
			}
			at := t.ImportedAt
			if t.ReviewedAt != nil {
				at = *t.ReviewedAt
			}
			upd["validation"], upd["class_effects"], upd["class_risk"], upd["classified_by"], upd["classified_at"], upd["classified_digest"] =
				authority.StateBindable, string(c.Effects), HintRisk(string(c.Effects)), by, at, t.Digest
		case ToolRejected:
			upd["validation"] = authority.StateRejected
		}
		if err := tx.Model(&Tool{}).Where("id = ?", t.ID).Updates(upd).Error; err != nil {
			return err
		}
	}
	return nil
}
