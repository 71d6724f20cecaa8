package web

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/agentforge/console/models"
)

// sessionGate coalesces the session reads of concurrent gateway
// requests as genGate coalesces the generation reads, never answering
// from a cache: a request joins the next read not yet sent, which is
// sent only after every request that joined it arrived and reads every
// joined session with the generations in one statement, so each request
// still sees every change committed before it arrived (a revocation, a
// search on another replica). At most one shared read is in flight per
// process (a request that finds the next read full, maxSessionBatch,
// reads alone beside it): a request that finds none sends its own at once
// (an idle gateway waits for nothing), and under load one statement
// serves every request that arrived during the previous one, instead of a
// statement each.
type sessionGate struct {
	mu      sync.Mutex
	running bool
	next    *sessionRead
	read    func(context.Context, []string) (map[string]models.GatewayState, error)
	// reads counts the reads sent (a test's reads per request)
	reads atomic.Int64
}

// sessionRead is one shared read and the tokens of the requests waiting
// for it.
type sessionRead struct {
	done   chan struct{}
	tokens []string
	states map[string]models.GatewayState
	err    error
}

// maxSessionBatch bounds the sessions one shared read asks for; a
// request past it reads alone.
const maxSessionBatch = 256

// state is the state of the session token names (Session nil: none),
// read after the call.
func (g *sessionGate) state(ctx context.Context, token string) (models.GatewayState, error) {
	g.mu.Lock()
	r := g.next
	if r == nil {
		r = &sessionRead{done: make(chan struct{})}
		g.next = r
	}
	if len(r.tokens) >= maxSessionBatch {
		g.mu.Unlock()
		g.reads.Add(1)
		m, err := g.read(ctx, []string{token})
		return m[token], err
	}
	r.tokens = append(r.tokens, token)
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
	case <-ctx.Done():
		return models.GatewayState{}, ctx.Err()
	}
	if r.err != nil {
		return models.GatewayState{}, r.err
	}
	st := r.states[token]
	if st.Session != nil {
		// each request its own copy: two requests of one session may
		// share a read
		s := *st.Session
		st.Session = &s
	}
	return st, nil
}

// run sends r's read and, when requests joined a next read meanwhile,
// starts that one on its own goroutine, so the leader answers at once.
func (g *sessionGate) run(ctx context.Context, r *sessionRead) {
	g.reads.Add(1)
	r.states, r.err = g.readOnce(ctx, r.tokens)
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
func (g *sessionGate) readOnce(ctx context.Context, tokens []string) (m map[string]models.GatewayState, err error) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), genReadTimeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("web: gateway session read: %v", p)
		}
	}()
	return g.read(rctx, tokens)
}
