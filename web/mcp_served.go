package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// servedCheck holds, per connection, the contracts its running server
// lists (read once per server session: upstream.Pool.Served) and which
// reviewed digests they match, so a call's check is a map lookup.
type servedCheck struct {
	mu    sync.Mutex
	conns map[string]*servedConn
	// changes counts what this process learnt (a server's listing read
	// again, a digest compared): a tool list built before a change may
	// differ from one built after it (mcp_list_cache.go)
	changes atomic.Uint64
}

type servedConn struct {
	serial    uint64
	contracts map[string]catalog.Contract // tool id → as the server lists it
	match     map[string]bool             // tool id + " " + reviewed digest → whether it matches
	tried     map[string]servedTry        // tool id + " " + reviewed digest → what a mismatch did
	listing   []*mcp.Tool                 // the listing contracts was read from (a new one: read again)
	synced    uint64                      // the session whose mismatch was sent to review
	read      chan struct{}               // closed once contracts or err is set
	err       error                       // the listing could not be read (not kept: read again)
}

// servedTry is what a mismatch of one reviewed digest did: the session
// whose list it read again, and whether it restarted the server. Kept per
// digest, so each new review gets its own re-read and restart.
type servedTry struct {
	relisted  uint64
	restarted bool
}

// checkServed is nil when the server that will answer the call lists the
// tool with the very contract reviewed (its digest), else the call's
// refusal: catalog_changed, nothing run. A mismatch of a reviewed digest
// first reads the running server's list again (it may have changed
// without list_changed, as a sync saw), then restarts the server once (a
// sync may have read a newer process than the one serving): once each
// per reviewed digest, so a tool approved again after its next change is
// read and restarted for again, and a server that keeps differing is not
// restarted in a loop. A server that still differs has the change sent
// to review as a sync does (a server restarted with new code), and the
// tool is not called under the old contract.
func (g *gateway) checkServed(ctx context.Context, call *allowedCall, ev *models.RunEvent) *mcp.CallToolResult {
	ok, serial, err := g.servedMatches(ctx, call)
	if err == nil && !ok && g.tryServed(call, serial, false) {
		g.pool.Relist(call.spec, serial)
		ok, serial, err = g.servedMatches(ctx, call)
	}
	if err == nil && !ok && g.tryServed(call, serial, true) {
		if err = g.pool.Restart(ctx, call.spec, serial); err == nil {
			ok, serial, err = g.servedMatches(ctx, call)
		}
	}
	if err != nil {
		ev.CallStatus = "unavailable"
		return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s is not reachable now; nothing was run.", call.tool.ID), authority.ActRetryLater, authority.ActChooseAlternative, authority.ActStop)
	}
	if ok {
		return nil
	}
	ev.CallStatus = "contract_changed"
	g.served.mu.Lock()
	sc := g.served.conns[call.spec.Name]
	sync := sc != nil && sc.synced != serial
	if sync {
		sc.synced = serial
	}
	g.served.mu.Unlock()
	if sync {
		go func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*g.pool.Timeout+upstream.DefaultTimeout)
			defer cancel()
			if _, err := runtime.SyncConnection(ctx, g.s.store, g.pool, "gateway", call.spec.Name); err != nil {
				g.s.log.Warn("the sync of a changed server failed", "connection", call.spec.Name, "err", err)
			}
		}()
	}
	g.s.log.Warn("a server's tool differs from its reviewed contract; not called", "tool", call.tool.ID, "connection", call.spec.Name)
	return gwError(authority.TypeCatalogChanged, fmt.Sprintf("The server behind %s now offers it with another contract than the one reviewed; nothing was run. The change waits for a reviewer.", call.tool.ID),
		authority.ActChooseAlternative, authority.ActAskUser, authority.ActStop)
}

// tryServed reports whether a mismatch of the call's reviewed digest on
// session serial may read the list again (restart false: once per
// session) or restart the server (restart true: once), and notes it.
func (g *gateway) tryServed(call *allowedCall, serial uint64, restart bool) bool {
	key := call.tool.ID + " " + call.tool.Digest
	g.served.mu.Lock()
	defer g.served.mu.Unlock()
	sc := g.served.conns[call.spec.Name]
	if sc == nil {
		return false
	}
	tr := sc.tried[key]
	switch {
	case restart && tr.restarted, !restart && tr.relisted == serial:
		return false
	case restart:
		tr.restarted = true
	default:
		tr.relisted = serial
	}
	if len(sc.tried) >= maxServedTries {
		clear(sc.tried)
	}
	sc.tried[key] = tr
	return true
}

// maxServedTries bounds the reviewed digests a connection's mismatches
// are remembered for (past it they are forgotten: one more re-read or
// restart each).
const maxServedTries = 1024

// servedMatches reports whether the serving session of the call's
// connection lists the tool with the reviewed digest, with the session's
// serial number. Only a listing read whole says so: one the console
// could not read (cut short by the call's end or the import's time
// limit, a document it refuses) is an error, never a mismatch, and is
// not kept: the next call reads it again.
func (g *gateway) servedMatches(ctx context.Context, call *allowedCall) (bool, uint64, error) {
	tools, serial, err := g.pool.Served(ctx, call.spec)
	if err != nil {
		return false, 0, err
	}
	key := call.tool.ID + " " + call.tool.Digest
	g.served.mu.Lock()
	if g.served.conns == nil {
		g.served.conns = map[string]*servedConn{}
	}
	sc := g.served.conns[call.spec.Name]
	if sc == nil || sc.serial != serial || !sameListing(sc.listing, tools) || (sc.read != nil && sc.err != nil) {
		keep := sc
		sc = &servedConn{serial: serial, match: map[string]bool{}, tried: map[string]servedTry{}, listing: tools, read: make(chan struct{})}
		if keep != nil {
			sc.tried, sc.synced = keep.tried, keep.synced
		}
		g.served.conns[call.spec.Name] = sc
		g.served.changes.Add(1)
		// read once for every call of this listing, whatever their
		// deadlines: a call that ends first leaves the read to the next
		go g.readServed(context.WithoutCancel(ctx), call.spec.Name, sc)
	}
	g.served.mu.Unlock()
	select {
	case <-sc.read:
	case <-ctx.Done():
		return false, 0, ctx.Err()
	}
	g.served.mu.Lock()
	defer g.served.mu.Unlock()
	if sc.err != nil {
		return false, 0, sc.err
	}
	if m, ok := sc.match[key]; ok {
		return m, serial, nil
	}
	live, ok := sc.contracts[call.tool.ID]
	m := false
	if ok && call.contract != nil {
		// search hints are the console's own, never the server's
		live.SearchHints = call.contract.SearchHints
		m = catalog.Digest(live) == call.tool.Digest
	}
	sc.match[key] = m
	g.served.changes.Add(1)
	return m, serial, nil
}

// readServed reads sc's listing as a sync imports it, then closes
// sc.read with sc.contracts or sc.err set.
func (g *gateway) readServed(ctx context.Context, name string, sc *servedConn) {
	contracts, err := servedContracts(ctx, name, sc.listing)
	if err != nil {
		g.s.log.Warn("a server's tool list could not be read; its calls wait", "connection", name, "err", err)
	}
	g.served.mu.Lock()
	sc.contracts, sc.err = contracts, err
	g.served.mu.Unlock()
	close(sc.read)
}

// servedContracts reads a server's tool list as a sync imports it (no
// map entries for tools the catalog would refuse: they match nothing),
// or the reason it could not: a read cut short or refused whole says
// nothing about the server's tools.
func servedContracts(ctx context.Context, name string, tools []*mcp.Tool) (map[string]catalog.Contract, error) {
	out := map[string]catalog.Contract{}
	if len(tools) == 0 {
		return out, nil
	}
	doc, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		return nil, fmt.Errorf("the tool list of %s: %w", name, err)
	}
	o := parseServedList(ctx, doc, name)
	if len(o.Problems) > 0 {
		return nil, fmt.Errorf("the tool list of %s could not be read: %s", name, o.Problems[0].Message)
	}
	for _, c := range o.Contracts {
		out[c.ID] = c
	}
	return out, nil
}

// parseServedList is how a served listing is read (a test cuts it short).
var parseServedList = catalog.ParseSyncContext

// sameListing reports whether two listings are the same read (the pool
// hands out the slice it read until it reads the list again).
func sameListing(a, b []*mcp.Tool) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// differs reports whether the running server of a tool's connection is
// known (from a call's check) to list it with another contract than the
// reviewed digest: such a tool is left out of tools/list as its call is
// refused. A map lookup, no upstream
// request.
func (g *gateway) differs(id, digest string) bool {
	ns, _, _ := strings.Cut(id, ".")
	g.served.mu.Lock()
	defer g.served.mu.Unlock()
	sc := g.served.conns[ns]
	if sc == nil {
		return false
	}
	m, ok := sc.match[id+" "+digest]
	return ok && !m
}
