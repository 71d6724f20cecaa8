package models

import (
	"context"
	"fmt"
)

// checkCodeOnlyPins adds to errs a pin on a code-only helper: such a
// helper is called from programs in the code channel and never shown as
// a tool, so pinning it pins nothing (the runtime API refuses it in a
// request the same way). Whether a tool is code-only is read from its
// stored contract.
func (s *Store) checkCodeOnlyPins(ctx context.Context, c ProfileContent, errs map[string]string) error {
	if len(c.Pins) == 0 || errs["pins"] != "" {
		return nil
	}
	var ts []Tool
	if err := s.with(ctx).Where("id IN ?", c.Pins).Find(&ts).Error; err != nil {
		return fmt.Errorf("models: profile pins: %w", err)
	}
	codeOnly := map[string]bool{}
	for _, t := range ts {
		if k, err := t.Parsed(); err == nil && k.CodeOnly {
			codeOnly[t.ID] = true
		}
	}
	for _, p := range c.Pins {
		if codeOnly[p] {
			errs["pins"] = fmt.Sprintf("%s is a code-only helper, called from programs in the code channel and never shown as a tool, so it cannot be pinned (pin exec instead)", p)
			return nil
		}
	}
	return nil
}
