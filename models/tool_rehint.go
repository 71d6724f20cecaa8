package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
)

// rehintSilentEffects gives imported tools still awaiting review the
// effects hint MCP's defaults give a tool that leaves its hints out
// (readOnlyHint false, destructiveHint true): destructive. Before, such a
// tool was hinted external-write, and a bulk approval accepts the hint as
// the classification — a milder class than the spec's, which a grant by
// effects class would then cover. An OpenAI function tool never states
// its effects, so its hint is exact; an MCP tool's stored contract does
// not keep its annotations, so an external-write hint there may also
// stand for a stated destructiveHint false — the spec's worst case is
// taken, and re-importing the server's list reads its stated hints again.
// Reviewed tools keep the classification their reviewer bound to their
// digest (policy); each rewritten contract is audited with both digests.
func rehintSilentEffects(ctx context.Context, s *Store) error {
	var rows []Tool
	err := s.with(ctx).Where("source IN ? AND validation IN ?", []string{SourceMCP, SourceOpenAI},
		[]string{authority.StateCandidate, authority.StateStructurallyValid}).Order("id").Find(&rows).Error
	if err != nil {
		return fmt.Errorf("models: rehint: %w", err)
	}
	changed := false
	for _, r := range rows {
		c, err := r.Parsed()
		if err != nil || c.Effects != catalog.EffectsExternalWrite {
			continue
		}
		c.Effects, c.EffectsAssumed = catalog.EffectsDestructive, true
		digest := catalog.Digest(c)
		res := s.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", r.ID, r.Digest).
			Updates(nextReview(map[string]any{"contract": string(catalog.CanonicalJSON(c)), "digest": digest}))
		if res.Error != nil {
			return fmt.Errorf("models: rehint %s: %w", r.ID, res.Error)
		}
		if res.RowsAffected != 1 {
			continue // changed since it was read: nothing rewritten, nothing to audit
		}
		if err := s.Audit(ctx, Event{Actor: MigrationActor, Action: "tool.rehint", Subject: r.ID, Before: r.Digest, After: digest,
			Detail: fmt.Sprintf("effects hint external-write → destructive (%s import): a tool that leaves its hints out is destructive by MCP's defaults; re-import its list to read the hints it states", r.Source)}); err != nil {
			return err
		}
		changed = true
	}
	if changed {
		return s.bumpCatalog(ctx)
	}
	return nil
}
