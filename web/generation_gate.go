package web

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentforge/console/models"
)

// genGate coalesces the generation reads of concurrent requests without
// ever answering from a cache. A request joins the next read that has not
// been sent yet; that read is sent only after every request that joined
// it arrived, and a statement sees every transaction committed before it
// started (Postgres READ COMMITTED, SQLite), so each request still sees
// every revocation committed before it arrived — while one query serves
// all the requests that arrived during the previous one. At most one read
// is in flight per process (two measured no better on 2 cores, and cost
// the database a query per overlap); a request waits for at most two.
type genGate struct {
	mu      sync.Mutex
	running bool
	next    *genRead
	read    func(context.Context) (int64, int64, error)
	// reads counts the reads sent (for benchmarks: reads per check).
	reads atomic.Int64
}

// genRead is one generation read and the requests waiting for it.
type genRead struct {
	done     chan struct{}
	cat, cfg int64
	err      error
}

// genReadTimeout bounds one shared read: it serves many requests, so no
// single request's context may cancel it.
const genReadTimeout = 5 * time.Second

// generations returns the catalog and configuration generations as a
// read started after the call committed them.
func (g *genGate) generations(ctx context.Context) (int64, int64, error) {
	g.mu.Lock()
	r := g.next
	if r == nil {
		r = &genRead{done: make(chan struct{})}
		g.next = r
	}
	lead := !g.running
	if lead {
		g.running, g.next = true, nil
	}
	g.mu.Unlock()
	if lead {
		g.run(ctx, r)
	}
	select {
	case <-r.done:
		return r.cat, r.cfg, r.err
	case <-ctx.Done():
		return 0, 0, ctx.Err()
	}
}

// run sends r's read and, when requests joined a next read meanwhile,
// starts that one on its own goroutine, so the leader answers at once.
func (g *genGate) run(ctx context.Context, r *genRead) {
	g.reads.Add(1)
	r.cat, r.cfg, r.err = g.readOnce(ctx)
	g.mu.Lock()
	n := g.next
	if n != nil {
		g.next = nil
	} else {
		g.running = false
	}
	g.mu.Unlock()
	close(r.done)
	if n != nil {
		go g.run(ctx, n)
	}
}

// readOnce runs one read on a context no request can cancel; a panic
// becomes the read's error, so the gate never stays closed behind it.
func (g *genGate) readOnce(ctx context.Context) (cat, cfg int64, err error) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), genReadTimeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("web: generation read: %v", p)
		}
	}()
	return g.read(rctx)
}

// checkState is what a call-time check reads: the generations through
// the gate and, when a handle is sent, the runtime key key's binding with
// them in one query (another key's handle reads as no binding).
func (s *Server) checkState(ctx context.Context, handle string, key uint) (models.CheckState, error) {
	if handle != "" {
		return s.store.ReadCheckState(ctx, handle, key)
	}
	cat, cfg, err := s.gate.generations(ctx)
	return models.CheckState{CatalogGen: cat, ConfigGen: cfg}, err
}
