package models

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ConnectionShaper records one person who shaped what a connection's
// server is: who added it, and everyone who since changed its source
// (command, URL, env or headers). Each of them chose the tools its syncs
// bring, so none of them reviews those tools (the review four-eyes
// rule); the tools are imported by the one who added it. A table of its
// own, so connections and tools, which the previous release reads with
// SELECT *, keep their columns (docs/upgrades.md).
type ConnectionShaper struct {
	ConnectionName string    `gorm:"primaryKey;size:64"`
	Username       string    `gorm:"primaryKey;size:128"`
	At             time.Time `gorm:"not null"`
}

// addShaper records user as a shaper of connection name, inside the
// caller's transaction (once: a second change adds nothing).
func (s *Store) addShaper(ctx context.Context, name, user string) error {
	if user == "" {
		return nil
	}
	return s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&ConnectionShaper{ConnectionName: name, Username: clipTo(user, 128), At: time.Now().UTC()}).Error
}

// ConnectionShapers lists, per connection name, the people who shaped
// it (added it or changed its source), in the order they first did.
func (s *Store) ConnectionShapers(ctx context.Context) (map[string][]string, error) {
	var rows []ConnectionShaper
	if err := s.with(ctx).Order("at, username").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, r := range rows {
		out[r.ConnectionName] = append(out[r.ConnectionName], r.Username)
	}
	return out, nil
}

// shapersOf lists who shaped the connection serving namespace ns (none
// for a tool no connection serves).
func (s *Store) shapersOf(ctx context.Context, ns string) ([]string, error) {
	var users []string
	if ns == "" {
		return nil, nil
	}
	err := s.with(ctx).Model(&ConnectionShaper{}).Where("connection_name = ?", ns).Order("username").Pluck("username", &users).Error
	return users, err
}

// OwnTool reports whether user may not review t: they imported it, or
// shaped the connection that serves it (shapers: ConnectionShapers).
func OwnTool(t *Tool, user string, shapers map[string][]string) bool {
	return t.ImportedBy == user || slices.Contains(shapers[t.Namespace], user)
}

// ownTool is OwnTool reading t's connection's shapers.
func (s *Store) ownTool(ctx context.Context, t *Tool, user string) (bool, error) {
	if t.ImportedBy == user {
		return true, nil
	}
	users, err := s.shapersOf(ctx, t.Namespace)
	return slices.Contains(users, user), err
}

// migrateConnectionShapers (migration 259) records who shaped each
// connection: existing rows start with who added them and who last
// changed their source.
func migrateConnectionShapers(tx *gorm.DB, _ string) error {
	if err := tx.Migrator().CreateTable(&ConnectionShaper{}); err != nil {
		return err
	}
	if err := tx.Exec("INSERT INTO connection_shapers (connection_name, username, at) SELECT name, created_by, created_at FROM connections WHERE created_by IS NOT NULL AND created_by <> ''").Error; err != nil {
		return err
	}
	return tx.Exec("INSERT INTO connection_shapers (connection_name, username, at) SELECT name, edited_by, updated_at FROM connections WHERE edited_by <> '' AND edited_by <> COALESCE(created_by, '')").Error
}
