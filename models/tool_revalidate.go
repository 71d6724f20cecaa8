package models

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/agentforge/console/catalog"
)

// migratingStore keys the transaction-bound store of a running migration.
type migratingStore struct{}

// dataMigration adapts a change made through the store (audited like any
// other, with the configured audit key) to a migration step.
func dataMigration(fn func(ctx context.Context, s *Store) error) func(tx *gorm.DB, dialect string) error {
	return func(tx *gorm.DB, _ string) error {
		ctx := tx.Statement.Context
		s, ok := ctx.Value(migratingStore{}).(*Store)
		if !ok {
			return fmt.Errorf("models: a data migration runs only inside Migrate")
		}
		return fn(ctx, s)
	}
}

// MigrationActor is the audit actor of changes a migration makes.
const MigrationActor = "system:migration"

// revalidateTools re-checks every available stored contract against the
// catalog's current validation. A contract imported before the checks grew
// stricter (a required name no property defines, a default outside its
// enum, a bound above its maximum, …) would make the whole stored catalog
// invalid and every composition fail; such a tool is rejected instead, with
// its problems in the audit log, and needs a fresh import. Valid tools are
// untouched.
func revalidateTools(ctx context.Context, s *Store) error {
	var rows []Tool
	if err := s.with(ctx).Where("status = ?", ToolAvailable).Order("id").Find(&rows).Error; err != nil {
		return err
	}
	changed := false
	for _, r := range rows {
		var why string
		if c, err := r.Parsed(); err != nil {
			why = fmt.Sprintf("the stored contract does not decode: %v", err)
		} else if ps := catalog.Validate([]catalog.Contract{c}); len(ps) > 0 {
			why = ps.Error()
		} else if catalog.Reserved(c.ID) {
			why = fmt.Sprintf("%s is the id of the console's own tool", c.ID)
		} else {
			continue
		}
		if err := s.with(ctx).Model(&Tool{}).Where("id = ?", r.ID).Update("status", ToolRejected).Error; err != nil {
			return err
		}
		if err := s.Audit(ctx, Event{Actor: MigrationActor, Action: "tool.revalidate", Subject: r.ID, Before: r.Digest, After: r.Digest,
			Detail: "rejected: the contract fails the current checks; re-import it. " + why}); err != nil {
			return err
		}
		changed = true
	}
	if changed {
		return s.bumpCatalog(ctx)
	}
	return nil
}
