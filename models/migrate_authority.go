package models

import (
	"encoding/json"

	"gorm.io/gorm"

	"github.com/agentforge/console/instruction/authority"
)

// migrateAuthority (migration 20) adds groups with versioned grants,
// bindings, check counters and the capability ledger's columns. The group
// everyone is granted every effects class, so every tool stays usable
// until an admin narrows it.
func migrateAuthority(tx *gorm.DB, dialect string) error {
	if err := tx.Migrator().CreateTable(&Group{}, &GroupVersion{}, &Binding{}, &CheckCounter{}); err != nil {
		return err
	}
	for _, col := range []string{"Trust", "Validation", "ClassEffects", "ClassRisk", "ClassifiedBy", "ClassifiedAt", "ClassifiedDigest"} {
		if tx.Migrator().HasColumn(&Tool{}, col) {
			continue
		}
		if err := tx.Migrator().AddColumn(&Tool{}, col); err != nil {
			return err
		}
	}
	if err := backfillLedger(tx); err != nil {
		return err
	}
	var everyone []GrantSpec
	for _, e := range authority.EffectsClasses() {
		everyone = append(everyone, GrantSpec{Kind: authority.KindEffects, Value: e})
	}
	everyone = sortGrants(everyone)
	body, _ := json.Marshal(everyone)
	g := Group{Name: authority.Everyone, Description: "Every request without a subject.", Version: 1}
	if err := tx.Create(&g).Error; err != nil {
		return err
	}
	// the schema's own default, like the tables: its version records it
	// (author system); admins' changes are audited
	return tx.Create(&GroupVersion{GroupID: g.ID, Version: 1, GrantsJSON: string(body), Author: SystemActor, Message: "a fresh install grants everyone every tool"}).Error
}
