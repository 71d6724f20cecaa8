package models

// The database a forced restore replaces: what it withdrew is read in
// this console's schema.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/agentforge/console/instruction/plural"
)

// readyToReplace readies the database a forced restore replaces for
// reading what it withdrew (readWithdrawals), which reads this console's
// schema. One an earlier console left, with fewer migrations, is
// migrated first, as this console's start would (the migrations are
// additive); migrated counts the migrations applied. One holding a
// migration this console does not know was made by a newer console,
// whose withdrawals this one cannot all read: refused, untouched.
func (s *Store) readyToReplace(ctx context.Context) (migrated int, err error) {
	var have []int
	if err := s.with(ctx).Raw("SELECT version FROM schema_migrations ORDER BY version").Scan(&have).Error; err != nil {
		return 0, fmt.Errorf("the database the restore would replace: its migrations: %w", err)
	}
	known := knownMigrations()
	var unknown []string
	for _, v := range have {
		if _, ok := slices.BinarySearch(known, v); !ok {
			unknown = append(unknown, fmt.Sprint(v))
		}
	}
	if len(unknown) > 0 {
		return 0, fmt.Errorf("the database the restore would replace has %s this console does not know (%s; this console's newest is %d): a newer console made it, and what that one withdrew cannot all be read here; restore with the newer console's version, or into an empty database",
			plural.Count(len(unknown), "migration"), strings.Join(unknown, ", "), known[len(known)-1])
	}
	if len(have) == len(known) {
		return 0, nil
	}
	applied, err := s.Migrate(ctx)
	if err != nil {
		return 0, fmt.Errorf("the database the restore would replace is an earlier console's (%s of this console's %d): migrating it first, to read what it withdrew, failed (nothing was restored): %w",
			plural.Count(len(have), "migration"), len(known), err)
	}
	return len(applied), nil
}
