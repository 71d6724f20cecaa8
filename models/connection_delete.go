package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/plural"
)

// DeleteConnection removes a connection and, through the catalog's
// import path, every tool of its namespace (as a sync that lists none
// would: they leave every roster as vanished tools do), in one
// transaction, audited with the count.
func (s *Store) DeleteConnection(ctx context.Context, actor, name string) (ImportPlan, error) {
	var plan ImportPlan
	err := s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.ConnectionByName(ctx, name); err != nil {
			return err
		}
		var err error
		if plan, err = tx.SyncOutcome(ctx, actor, name, catalog.Outcome{}); err != nil {
			return err
		}
		if err := tx.with(ctx).Where("name = ?", name).Delete(&Connection{}).Error; err != nil {
			return err
		}
		if err := tx.setConnectionDir(ctx, name, ""); err != nil {
			return err
		}
		if err := tx.with(ctx).Where("connection_name = ?", name).Delete(&ConnectionShaper{}).Error; err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "connection.remove", Subject: "connection:" + name,
			Detail: plural.CountForms(len(plan.Removed), "tool", "tools") + " removed from the catalog"})
	})
	if err != nil {
		return ImportPlan{}, fmt.Errorf("models: remove connection %s: %w", name, err)
	}
	return plan, nil
}
