package web

import (
	"context"
	"time"

	"github.com/agentforge/console/models"
)

// genGate coalesces the generation reads of concurrent requests
// (readGate): each request still sees every revocation committed before
// it arrived, while one query serves all the requests that arrived during
// the previous one. At most one read is in flight per process (two
// measured no better on 2 cores, and cost the database a query per
// overlap); a request waits for at most two.
type genGate struct {
	readGate[[2]int64]
	read func(context.Context) (int64, int64, error)
}

// genReadTimeout bounds one shared read: it serves many requests, so no
// single request's context may cancel it.
const genReadTimeout = 5 * time.Second

// generations returns the catalog and configuration generations as a
// read started after the call committed them.
func (g *genGate) generations(ctx context.Context) (int64, int64, error) {
	v, err := g.do(ctx, g, "", 0)
	return v[0], v[1], err
}

func (g *genGate) fetch(ctx context.Context, _ []string) ([2]int64, error) {
	cat, cfg, err := g.read(ctx)
	return [2]int64{cat, cfg}, err
}

func (g *genGate) what() string { return "generation read" }

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
