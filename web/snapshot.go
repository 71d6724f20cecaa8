package web

import (
	"context"
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/models"
)

// Snapshot is the in-memory catalog of one catalog generation: the
// available tools (the universe of effective rosters), every stored tool,
// and a linter over all known signals.
type Snapshot struct {
	gen       int64
	available *catalog.Catalog
	rows      []models.Tool
	rowByID   map[string]int
	universe  []catalog.Contract
	linter    *instruction.Linter
}

// snapshot returns the current catalog, rebuilding it only when the
// stored generation moved (so replicas stay consistent without restarts).
func (s *Server) snapshot(ctx context.Context) (*Snapshot, error) {
	gen, err := s.store.CatalogGeneration(ctx)
	if err != nil {
		return nil, err
	}
	return s.snapshotAt(ctx, gen)
}

// snapshotAt returns the snapshot of a catalog generation the caller has
// just read.
func (s *Server) snapshotAt(ctx context.Context, gen int64) (*Snapshot, error) {
	s.catMu.Lock()
	defer s.catMu.Unlock()
	if s.cat != nil && s.cat.gen == gen {
		return s.cat, nil
	}
	snap, err := buildSnapshot(ctx, s.store, gen)
	if err != nil {
		return nil, err
	}
	s.cat = snap
	return snap, nil
}

// LoadSnapshot builds the current catalog snapshot for a command-line tool.
func LoadSnapshot(ctx context.Context, store *models.Store) (*Snapshot, error) {
	gen, err := store.CatalogGeneration(ctx)
	if err != nil {
		return nil, err
	}
	return buildSnapshot(ctx, store, gen)
}

// Available is the catalog of available tools.
func (sn *Snapshot) Available() *catalog.Catalog { return sn.available }

func buildSnapshot(ctx context.Context, store *models.Store, gen int64) (*Snapshot, error) {
	rows, err := store.Tools(ctx)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{gen: gen, rows: rows, rowByID: make(map[string]int, len(rows))}
	for i, r := range rows {
		snap.rowByID[r.ID] = i
	}
	var avail []catalog.Contract
	for _, r := range rows {
		c, err := r.Parsed()
		if err != nil {
			return nil, fmt.Errorf("web: tool %s: %w", r.ID, err)
		}
		snap.universe = append(snap.universe, c)
		if r.Status == models.ToolAvailable {
			avail = append(avail, c)
		}
	}
	if snap.available, err = catalog.New(avail); err != nil {
		return nil, fmt.Errorf("web: stored catalog invalid: %w", err)
	}
	snap.linter = instruction.NewLinter(snap.universe)
	return snap, nil
}

// row finds a stored tool row by id.
func (sn *Snapshot) row(id string) (models.Tool, bool) {
	i, ok := sn.rowByID[id]
	if !ok {
		return models.Tool{}, false
	}
	return sn.rows[i], true
}

// mentions lists the other known tools a contract's texts teach.
func (sn *Snapshot) mentions(c catalog.Contract) []instruction.Finding {
	var text string
	for _, t := range c.Texts() {
		text += t + "\n"
	}
	for _, ex := range c.Examples {
		text += ex.Description + "\n"
	}
	fs := sn.linter.Lint(text, map[string]bool{c.ID: true})
	seen := map[string]bool{}
	var out []instruction.Finding
	for _, f := range fs {
		if !seen[f.Tool] {
			seen[f.Tool] = true
			out = append(out, f)
		}
	}
	return out
}
