package web

import (
	"context"

	"github.com/agentforge/console/instruction/runtime"
)

// Snapshot is the catalog of one generation (see runtime.Snapshot).
type Snapshot = runtime.Snapshot

// snapshot returns the current catalog, rebuilding it only when the
// stored generation moved (so replicas stay consistent without restarts).
func (s *Server) snapshot(ctx context.Context) (*Snapshot, error) {
	return s.snaps.Current(ctx)
}

// snapshotAt returns the snapshot of a catalog generation the caller has
// just read.
func (s *Server) snapshotAt(ctx context.Context, gen int64) (*Snapshot, error) {
	return s.snaps.At(ctx, gen)
}
