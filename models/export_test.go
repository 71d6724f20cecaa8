package models

import "context"

// ScrubReceipts is migration 151's data step, for its test.
var ScrubReceipts = scrubReceipts

// MigrateBefore applies the migrations older than version, as a database
// an earlier release left.
func (s *Store) MigrateBefore(ctx context.Context, version int) ([]int, error) {
	return s.migrate(ctx, func(v int) bool { return v < version })
}
