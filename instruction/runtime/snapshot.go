package runtime

import (
	"context"
	"fmt"
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/models"
)

// Snapshot is the in-memory catalog of one catalog generation: the
// available tools (the universe of effective rosters), every stored tool,
// and the fidelity checker over the available tools.
type Snapshot struct {
	gen       int64
	available *catalog.Catalog
	rows      []models.Tool
	rowByID   map[string]int
	universe  []catalog.Contract
	// authTools holds each row's authority view (rows order), built once
	// per generation: deriving it parses the stored contract.
	authTools []authority.Tool
	// authorized memoizes AuthorizedSet per grants and groups
	authorized *authorizedSets
	fidelity   *fidelity.Checker
	// mentions reads the texts of every stored tool for Mentions
	mentions     *fidelity.Checker
	mentionsOnce sync.Once
}

// Gen is the catalog generation the snapshot was built from.
func (sn *Snapshot) Gen() int64 { return sn.gen }

// Available is the catalog of available (reviewed) tools.
func (sn *Snapshot) Available() *catalog.Catalog { return sn.available }

// Rows lists every stored tool, any status.
func (sn *Snapshot) Rows() []models.Tool { return sn.rows }

// Universe lists the contracts of every stored tool, any status.
func (sn *Snapshot) Universe() []catalog.Contract { return sn.universe }

// Fidelity is the leak check of compositions: it knows the available
// (reviewed) tools only, never candidates.
func (sn *Snapshot) Fidelity() *fidelity.Checker { return sn.fidelity }

// Row finds a stored tool row by id.
func (sn *Snapshot) Row(id string) (models.Tool, bool) {
	i, ok := sn.rowByID[id]
	if !ok {
		return models.Tool{}, false
	}
	return sn.rows[i], true
}

// UnavailableReason says why a tool is not in the available catalog, from
// its ledger row: back in review after a re-import changed it, awaiting
// its first review, rejected, or not in the catalog at all; "" for an
// available tool. Every surface that explains a dropped tool (compose,
// the forge, the CLI) reads it through Resolve.
func (sn *Snapshot) UnavailableReason(id string) string {
	if _, ok := sn.available.Get(id); ok {
		return ""
	}
	r, ok := sn.Row(id)
	switch {
	case !ok:
		return "not in the catalog"
	case r.Status == models.ToolCandidate && r.PrevJSON != "":
		return "back in review: its last import changed it, and a reviewer has not approved the change yet"
	case r.Status == models.ToolCandidate:
		return "awaiting review: imported, not yet made available"
	case r.Status == models.ToolRejected:
		return "rejected by review or at import"
	}
	return ""
}

// KnownTools is the set of every stored tool id (any status): what agent
// and profile lists may name.
func (sn *Snapshot) KnownTools() map[string]bool {
	m := make(map[string]bool, len(sn.rowByID))
	for id := range sn.rowByID {
		m[id] = true
	}
	return m
}

// Mentions lists the other known tools a contract's texts teach, read by
// the composition leak check's rule (fidelity.Checker.TeachesTools) over
// every stored tool: a plain verb that happens to be another service's
// one-word tool name ("Set the x-axis title", redis.set) is no reference.
// The checker is built on first use (the review and tool pages).
func (sn *Snapshot) Mentions(c catalog.Contract) []instruction.Finding {
	sn.mentionsOnce.Do(func() { sn.mentions = fidelity.New(sn.universe) })
	seen := map[string]bool{}
	var out []instruction.Finding
	for _, f := range sn.mentions.TeachesTools(c) {
		if !seen[f.Tool] && f.Tool != c.ID {
			seen[f.Tool] = true
			out = append(out, instruction.Finding{Tool: f.Tool, Signal: f.Signal, Offset: f.Offset, Excerpt: f.Excerpt})
		}
	}
	return out
}

// LoadSnapshot builds the snapshot of the current catalog generation.
func LoadSnapshot(ctx context.Context, store Store) (*Snapshot, error) {
	gen, err := store.CatalogGeneration(ctx)
	if err != nil {
		return nil, err
	}
	return buildSnapshot(ctx, store, gen)
}

func buildSnapshot(ctx context.Context, store Store, gen int64) (*Snapshot, error) {
	rows, err := store.Tools(ctx)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{gen: gen, rows: rows, rowByID: make(map[string]int, len(rows)), authorized: newAuthorizedSets()}
	for i, r := range rows {
		snap.rowByID[r.ID] = i
	}
	var avail []catalog.Contract
	for _, r := range rows {
		// the contract the model reads: with a reviewed rewording of its
		// description, when one was recorded for this digest
		c, err := r.Effective()
		if err != nil {
			return nil, fmt.Errorf("runtime: tool %s: %w", r.ID, err)
		}
		snap.universe = append(snap.universe, c)
		snap.authTools = append(snap.authTools, r.AuthorityToolOf(c))
		if r.Status == models.ToolAvailable {
			avail = append(avail, c)
		}
	}
	if snap.available, err = sharedCatalog(avail); err != nil {
		return nil, fmt.Errorf("runtime: stored catalog invalid: %w", err)
	}
	snap.fidelity = fidelity.ForComposition(avail)
	return snap, nil
}

// Snapshots keeps the latest snapshot and rebuilds it only when the stored
// generation moved, so replicas stay consistent without restarts.
type Snapshots struct {
	store Store
	mu    sync.Mutex
	cur   *Snapshot
}

// NewSnapshots makes a snapshot cache over the store.
func NewSnapshots(store Store) *Snapshots { return &Snapshots{store: store} }

// Current returns the snapshot of the stored generation.
func (c *Snapshots) Current(ctx context.Context) (*Snapshot, error) {
	gen, err := c.store.CatalogGeneration(ctx)
	if err != nil {
		return nil, err
	}
	return c.At(ctx, gen)
}

// At returns the snapshot of a generation the caller has just read.
func (c *Snapshots) At(ctx context.Context, gen int64) (*Snapshot, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur != nil && c.cur.gen == gen {
		return c.cur, nil
	}
	snap, err := buildSnapshot(ctx, c.store, gen)
	if err != nil {
		return nil, err
	}
	c.cur = snap
	return snap, nil
}
