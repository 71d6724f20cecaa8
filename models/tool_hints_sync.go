package models

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/instruction/plural"
)

// syncBuiltinHints brings the built-in catalog's search hints to built-in
// tools stored before the catalog had them. Only the hints are brought
// in: a stored tool keeps the rest of its contract as it was reviewed,
// its ledger state and its classification (rebound to the new digest, as
// for an approved hint proposal); a tool that already has hints (an
// approved proposal) keeps them. One audit event names every tool changed.
func syncBuiltinHints(ctx context.Context, s *Store) error {
	var rows []Tool
	if err := s.with(ctx).Where("source = ?", SourceBuiltin).Order("position, id").Find(&rows).Error; err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil // a fresh database: the import brings the hints with the tools
	}
	cs, err := builtin.Contracts()
	if err != nil {
		return fmt.Errorf("models: builtin catalog: %w", err)
	}
	hints := make(map[string][]string, len(cs))
	for _, c := range cs {
		if len(c.SearchHints) > 0 {
			hints[c.ID] = c.SearchHints
		}
	}
	var changed []string
	for _, t := range rows {
		c, err := t.Parsed()
		if err != nil || len(c.SearchHints) > 0 || len(hints[t.ID]) == 0 {
			continue
		}
		digest, err := s.setToolHints(ctx, t.ID, t.Digest, hints[t.ID])
		if err != nil {
			return fmt.Errorf("models: hints of %s: %w", t.ID, err)
		}
		changed = append(changed, t.ID+" "+short(t.Digest)+"→"+short(digest))
	}
	if len(changed) == 0 {
		return nil
	}
	return s.Audit(ctx, Event{Actor: MigrationActor, Action: "tool.hints.sync", Subject: "catalog:builtin",
		Detail: clipTo(fmt.Sprintf("%s gained the built-in catalog's search hints (ledger state and classification kept): %s", plural.CountForms(len(changed), "built-in tool", "built-in tools"), strings.Join(changed, "; ")), 2000)})
}

func short(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}
