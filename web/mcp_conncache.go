package web

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/web/upstream"
)

// connCache remembers which namespaces connections serve, and how to
// reach them, for a moment: connections change rarely and every list
// and call asks. A read is one atomic load; a snapshot past
// connRefreshAfter is reloaded in the background while it is still
// served, so under steady use no request waits for a reload; one reader
// at a time reloads a snapshot past connCacheTTL or forgotten (the
// others wait for it, as they would for their own read), so requests
// never queue on a lock while the snapshot is fresh.
type connCache struct {
	cur atomic.Pointer[connSnapshot]
	// gen counts forgets: a snapshot read before the latest forget is
	// stale however young it is (a reload that began before a sync
	// committed must not serve after it)
	gen atomic.Uint64
	// mu lets one request at a time reload
	mu sync.Mutex
	// lastServed is the namespaces the latest reload found (under mu)
	lastServed map[string]bool
}

// connSnapshot is the connections as read at one moment.
type connSnapshot struct {
	at     time.Time
	gen    uint64 // cc.gen when the read began
	specs  map[string]upstream.Spec
	err    map[string]error
	served map[string]bool
	// paused is the connections paused for an exposure (pausedCall)
	paused map[string]bool
	// servedKey names served: its namespaces, sorted
	servedKey string
}

const connCacheTTL = 2 * time.Second

// connRefreshAfter is the age at which a snapshot in use is reloaded in
// the background (refreshAhead).
const connRefreshAfter = connCacheTTL / 2

// forget drops the snapshot: the next request reads the connections
// (a change made on this replica is seen at once).
func (cc *connCache) forget() {
	cc.gen.Add(1)
	cc.cur.Store(nil)
}

// fresh reports whether sn may still be served: read since the latest
// forget, and younger than connCacheTTL.
func (cc *connCache) fresh(sn *connSnapshot) bool {
	return sn != nil && sn.gen == cc.gen.Load() && time.Since(sn.at) < connCacheTTL
}

func (cc *connCache) snapshot(ctx context.Context, s *Server) (*connSnapshot, error) {
	if sn := cc.cur.Load(); cc.fresh(sn) {
		if time.Since(sn.at) >= connRefreshAfter {
			cc.refreshAhead(s, sn)
		}
		return sn, nil
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if sn := cc.cur.Load(); cc.fresh(sn) { // another request reloaded meanwhile
		return sn, nil
	}
	return cc.reload(ctx, s)
}

// refreshAhead reloads the connections in the background when sn, still
// served, is past connRefreshAfter and no reload is under way (one at a
// time: a request that finds the lock taken goes on with sn). A failed
// reload leaves sn to expire at its own time.
func (cc *connCache) refreshAhead(s *Server, sn *connSnapshot) {
	if !cc.mu.TryLock() {
		return
	}
	if cc.cur.Load() != sn { // reloaded or forgotten meanwhile
		cc.mu.Unlock()
		return
	}
	started := s.bg.run(func(ctx context.Context) {
		defer cc.mu.Unlock()
		ctx, cancel := context.WithTimeout(ctx, connCacheTTL)
		defer cancel()
		if _, err := cc.reload(ctx, s); err != nil && ctx.Err() == nil {
			s.log.Warn("gateway connections not reloaded ahead of expiry", "err", err)
		}
	})
	if !started {
		cc.mu.Unlock()
	}
}

// reload reads the connections into a new snapshot and serves it (under
// cc.mu).
func (cc *connCache) reload(ctx context.Context, s *Server) (*connSnapshot, error) {
	at, gen := time.Now(), cc.gen.Load()
	cs, err := s.store.Connections(ctx)
	if err != nil {
		return nil, err
	}
	ps, err := s.store.PausedConnections(ctx)
	if err != nil {
		return nil, err
	}
	sn := &connSnapshot{at: at, gen: gen, specs: map[string]upstream.Spec{}, err: map[string]error{}, served: map[string]bool{}, paused: map[string]bool{}}
	for _, p := range ps {
		sn.paused[p.Name] = true
	}
	for i := range cs {
		sp, err := specOf(s, &cs[i])
		if err != nil {
			sn.err[cs[i].Name] = err
		}
		sn.specs[cs[i].Name] = sp
		sn.served[cs[i].Name] = true
	}
	if s.gw != nil && s.gw.pool != nil {
		// a connection removed elsewhere (the command line, another
		// replica) stops its server here; a name never served (an add
		// probing right now) is left alone
		for name := range cc.lastServed {
			if !sn.served[name] {
				s.gw.pool.ForgetName(name)
			}
		}
	}
	names := make([]string, 0, len(sn.served))
	for name := range sn.served {
		names = append(names, name)
	}
	slices.Sort(names)
	sn.servedKey = strings.Join(names, "\n")
	cc.lastServed = sn.served
	cc.cur.Store(sn)
	return sn, nil
}

func (cc *connCache) load(ctx context.Context, s *Server) (map[string]upstream.Spec, map[string]error, error) {
	sn, err := cc.snapshot(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	return sn.specs, sn.err, nil
}

// gatewayServes reports whether the gateway lists and calls a tool: a
// connection serves its namespace, and it is no code-only helper. The
// forge marks each tool row by the same rule.
func gatewayServes(served map[string]bool, c catalog.Contract) bool {
	return served[c.Namespace()] && !c.CodeOnly
}

// served is the set of namespaces a connection serves (shared: never
// modify it).
func (cc *connCache) served(ctx context.Context, s *Server) (map[string]bool, error) {
	sn, err := cc.snapshot(ctx, s)
	if err != nil {
		return nil, err
	}
	return sn.served, nil
}

// servedSurfaces holds each run surface as the gateway serves it (only
// the tools a connection serves searchable: deferred.Surface.Only), per
// surface content (its Version, so a surface built again the same, as
// after a relist that changed nothing, finds its entry) and set of
// served namespaces, so its search index is built once; it is emptied
// when it grows large.
type servedSurfaces struct {
	mu sync.Mutex
	m  map[servedSurfaceKey]*deferred.Surface
}

type servedSurfaceKey struct {
	version string
	served  string
}

const maxServedSurfaces = 1024

// servedSurface is sf as the gateway serves it under the connections of
// sn.
func (g *gateway) servedSurface(sf *deferred.Surface, sn *connSnapshot) *deferred.Surface {
	k := servedSurfaceKey{sf.Version(), sn.servedKey}
	g.surfaces.mu.Lock()
	defer g.surfaces.mu.Unlock()
	if out, ok := g.surfaces.m[k]; ok {
		return out
	}
	served := sn.served
	out := sf.Only(func(c catalog.Contract) bool { return gatewayServes(served, c) })
	if g.surfaces.m == nil || len(g.surfaces.m) >= maxServedSurfaces {
		g.surfaces.m = map[servedSurfaceKey]*deferred.Surface{}
	}
	g.surfaces.m[k] = out
	return out
}
