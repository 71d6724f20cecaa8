package web

import (
	"context"

	"github.com/agentforge/console/models"
)

// sessionGate coalesces the session reads of concurrent gateway
// requests as genGate coalesces the generation reads, never answering
// from a cache: a request joins the next read not yet sent, which is
// sent only after every request that joined it arrived and reads every
// joined session with the generations in one statement, so each request
// still sees every change committed before it arrived (a revocation, a
// search on another replica). At most sessionReadsInFlight shared reads
// are in flight per process (a request that finds the next read full,
// maxSessionBatch, reads alone beside them): a request that finds fewer
// sends its own at once (an idle gateway waits for nothing), and under
// load one statement serves every request that arrived while the others
// were in flight, instead of a statement each.
type sessionGate struct {
	readGate[map[string]models.GatewayState]
	read func(context.Context, []string) (map[string]models.GatewayState, error)
}

// sessionReadsInFlight bounds the session gate's shared reads in flight.
// Two, not one: a request arriving while one read is in flight sends its
// own at once instead of waiting for that read to end first (with one,
// every request meeting a read in flight waited for the rest of it, and a
// read that stalled, its database backend waiting for a core, held every
// request behind it for the stall and then its own read).
const sessionReadsInFlight = 2

// maxSessionBatch bounds the sessions one shared read asks for; a
// request past it reads alone.
const maxSessionBatch = 256

// state is the state of the session token names (Session nil: none),
// read after the call.
func (g *sessionGate) state(ctx context.Context, token string) (models.GatewayState, error) {
	m, err := g.do(ctx, g, token, maxSessionBatch)
	if err != nil {
		return models.GatewayState{}, err
	}
	st := m[token]
	if st.Session != nil {
		// each request its own copy: two requests of one session may
		// share a read
		s := *st.Session
		st.Session = &s
	}
	return st, nil
}

func (g *sessionGate) fetch(ctx context.Context, tokens []string) (map[string]models.GatewayState, error) {
	return g.read(ctx, tokens)
}

func (g *sessionGate) what() string { return "gateway session read" }
