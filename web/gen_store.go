package web

import (
	"context"
	"fmt"
	"sync"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// genStore is the runtime's view of the store at one (catalog,
// configuration) generation pair, read by the caller just before: agents,
// profiles, profile versions, active skills and grants change only with
// one of those generations, so within a pair they are read once per
// process. A distinct compose request then costs no lookups but the
// generations read and its receipt. Cached rows are shared: callers read
// them and never modify them.
type genStore struct {
	*models.Store
	c *genEntries
}

// genCache holds the entries of the newest generation pair seen.
type genCache struct {
	mu  sync.Mutex
	cur *genEntries
}

type genEntries struct {
	catGen, cfgGen int64
	mu             sync.Mutex
	vals           map[string]any
}

// genStore returns the store view of the generations just read.
func (s *Server) genStore(catGen, cfgGen int64) genStore {
	s.gens.mu.Lock()
	defer s.gens.mu.Unlock()
	if e := s.gens.cur; e == nil || e.catGen != catGen || e.cfgGen != cfgGen {
		s.gens.cur = &genEntries{catGen: catGen, cfgGen: cfgGen, vals: map[string]any{}}
	}
	return genStore{Store: s.store, c: s.gens.cur}
}

// cached returns the value under key, loading it on a miss; errors are
// not cached.
func cached[T any](g genStore, key string, load func() (T, error)) (T, error) {
	g.c.mu.Lock()
	v, ok := g.c.vals[key]
	g.c.mu.Unlock()
	if ok {
		return v.(T), nil
	}
	t, err := load()
	if err != nil {
		return t, err
	}
	g.c.mu.Lock()
	g.c.vals[key] = t
	g.c.mu.Unlock()
	return t, nil
}

// AgentBySlug is models.Store.AgentBySlug, cached per generation pair.
func (g genStore) AgentBySlug(ctx context.Context, slug string) (*models.Agent, error) {
	return cached(g, "agent/"+slug, func() (*models.Agent, error) { return g.Store.AgentBySlug(ctx, slug) })
}

// AgentByID is models.Store.AgentByID, cached per generation pair.
func (g genStore) AgentByID(ctx context.Context, id uint) (*models.Agent, error) {
	return cached(g, fmt.Sprintf("agent#%d", id), func() (*models.Agent, error) { return g.Store.AgentByID(ctx, id) })
}

// ProfileBySlug is models.Store.ProfileBySlug, cached per generation pair.
func (g genStore) ProfileBySlug(ctx context.Context, slug string) (*models.Profile, error) {
	return cached(g, "profile/"+slug, func() (*models.Profile, error) { return g.Store.ProfileBySlug(ctx, slug) })
}

// ProfileByID is models.Store.ProfileByID, cached per generation pair.
func (g genStore) ProfileByID(ctx context.Context, id uint) (*models.Profile, error) {
	return cached(g, fmt.Sprintf("profile#%d", id), func() (*models.Profile, error) { return g.Store.ProfileByID(ctx, id) })
}

// ProfileVersionAt is models.Store.ProfileVersionAt, cached per generation
// pair.
func (g genStore) ProfileVersionAt(ctx context.Context, profileID uint, n int) (*models.ProfileVersion, error) {
	return cached(g, fmt.Sprintf("version#%d@%d", profileID, n), func() (*models.ProfileVersion, error) { return g.Store.ProfileVersionAt(ctx, profileID, n) })
}

// ActiveSkills is models.Store.ActiveSkills, cached per generation pair.
func (g genStore) ActiveSkills(ctx context.Context) ([]models.ActiveSkill, error) {
	return cached(g, "skills", func() ([]models.ActiveSkill, error) { return g.Store.ActiveSkills(ctx) })
}

// AllGrants is models.Store.AllGrants, cached per generation pair.
func (g genStore) AllGrants(ctx context.Context) ([]authority.Grant, error) {
	return cached(g, "grants", func() ([]authority.Grant, error) { return g.Store.AllGrants(ctx) })
}
