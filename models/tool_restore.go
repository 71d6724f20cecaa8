package models

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
)

// restorable reports whether an import of digest d takes stored tool t
// back to its approved state: t is back in review after a change, or
// rejected by an import after one (a list that named it twice, a
// descriptor that did not validate: its Reasons say so), d is the version
// a reviewer approved (its PrevDigest), and the reviewer's classification
// of that version is still on record. Then nothing is left to review: the
// server sends what was reviewed. A reviewer's rejection (no Reasons: the
// reason is in the audit) is never undone by an import; the server's
// list then goes back to review.
func restorable(t Tool, d string) bool {
	return (t.Status == ToolCandidate || t.Status == ToolRejected && t.Reasons != "") && t.PrevDigest != "" && t.PrevDigest == d &&
		t.ClassEffects != "" && t.ClassifiedDigest == d
}

// restoreApproved puts a tool back to its approved version: available,
// bindable, reviewed by whoever classified that version, with the open
// candidate of the change withdrawn. The audit says so.
func (s *Store) restoreApproved(ctx context.Context, actor string, c catalog.Contract) error {
	old, err := s.ToolByID(ctx, c.ID)
	if err != nil {
		return err
	}
	d := catalog.Digest(c)
	if !restorable(*old, d) {
		return ErrConflict
	}
	upd := map[string]any{
		"contract": string(catalog.CanonicalJSON(c)), "digest": d, "prev_digest": "", "prev_json": "",
		"status": ToolAvailable, "validation": authority.StateBindable, "reviewed_by": old.ClassifiedBy, "reviewed_at": old.ClassifiedAt,
		"reasons": "", "descriptor": "",
	}
	res := s.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", old.ID, old.Digest).Updates(nextReview(upd))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrConflict
	}
	return s.Audit(ctx, Event{Actor: actor, Action: "tool.restored", Subject: "tool:" + c.ID, Before: old.Digest, After: d,
		Detail: fmt.Sprintf("%s restored to the reviewed version (approved by %s); the candidate of its change (%s) is withdrawn", c.ID, old.ClassifiedBy, short(old.Digest))})
}

// restoredCount is the catalog.import audit detail's note of restored
// tools, "" for none.
func restoredCount(cs []catalog.Contract) string {
	if len(cs) == 0 {
		return ""
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return fmt.Sprintf("; %d restored to the reviewed version (%s)", len(cs), strings.Join(ids, ", "))
}

// keepApprovedClassification keeps, on a change of t, the reviewer's
// classification of its approved version (base): bound to that version's
// digest, it classifies nothing the change brings (AuthorityToolOf and
// Effective read it only for its digest) and restores the approved state
// if the server sends that version again (restorable).
func keepApprovedClassification(upd map[string]any, t *Tool, base string) {
	if base == "" || t.ClassEffects == "" || t.ClassifiedDigest != base {
		return
	}
	upd["class_effects"], upd["class_risk"], upd["classified_by"], upd["classified_at"], upd["classified_digest"] = t.ClassEffects, t.ClassRisk, t.ClassifiedBy, t.ClassifiedAt, t.ClassifiedDigest
}
