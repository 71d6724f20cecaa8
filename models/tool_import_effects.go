package models

import (
	"slices"

	"github.com/agentforge/console/catalog"
)

// keepStoredEffects gives a re-imported contract the effects class its
// stored version holds when only the import's reading of the same hints
// moved: a closed-world, non-destructive write was imported as
// external-write before it was workspace-write. Without this, every such
// tool would change digest on the next sync and go back to review though
// its server changed nothing; a reviewer's classification stays bound to
// the stored digest. A new tool gets the import's class.
func keepStoredEffects(old, c catalog.Contract) catalog.Contract {
	if old.Effects == catalog.EffectsExternalWrite && c.Effects == catalog.EffectsWorkspaceWrite && !c.EffectsAssumed &&
		slices.Contains(old.Constraints, catalog.ClosedWorldConstraint) &&
		slices.Contains(c.Constraints, catalog.ClosedWorldConstraint) {
		c.Effects = old.Effects
	}
	return c
}
