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
	restarted uint64                      // the session a mismatch restarted into (0: none)
	listing   []*mcp.Tool                 // the listing contracts was read from (a new one: read again)
	synced    uint64                      // the session whose mismatch was sent to review
}

// checkServed is nil when the server that will answer the call lists the
// tool with the very contract reviewed (its digest), else the call's
// refusal: catalog_changed, nothing run. A mismatch first restarts the
// server once (a sync may have read a newer process than the one
// serving); a server that still differs has the change
// sent to review as a sync does (a server restarted with new
// code), and the tool is not called under the old contract.
func (g *gateway) checkServed(ctx context.Context, call *allowedCall, ev *models.RunEvent) *mcp.CallToolResult {
	ok, serial, err := g.servedMatches(ctx, call)
	if err == nil && !ok {
		g.served.mu.Lock()
		sc := g.served.conns[call.spec.Name]
		again := sc != nil && sc.restarted != serial
		g.served.mu.Unlock()
		if again {
			if err = g.pool.Restart(ctx, call.spec, serial); err == nil {
				ok, serial, err = g.servedMatches(ctx, call)
				g.served.mu.Lock()
				if sc := g.served.conns[call.spec.Name]; sc != nil {
					sc.restarted = serial
				}
				g.served.mu.Unlock()
			}
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

// servedMatches reports whether the serving session of the call's
// connection lists the tool with the reviewed digest, with the session's
// serial number.
func (g *gateway) servedMatches(ctx context.Context, call *allowedCall) (bool, uint64, error) {
	tools, serial, err := g.pool.Served(ctx, call.spec)
	if err != nil {
		return false, 0, err
	}
	key := call.tool.ID + " " + call.tool.Digest
	g.served.mu.Lock()
	defer g.served.mu.Unlock()
	if g.served.conns == nil {
		g.served.conns = map[string]*servedConn{}
	}
	sc := g.served.conns[call.spec.Name]
	if sc == nil || sc.serial != serial || sc.contracts == nil || !sameListing(sc.listing, tools) {
		keep := sc
		sc = &servedConn{serial: serial, contracts: servedContracts(ctx, call.spec.Name, tools), match: map[string]bool{}, listing: tools}
		if keep != nil {
			sc.restarted, sc.synced = keep.restarted, keep.synced
		}
		g.served.conns[call.spec.Name] = sc
		g.served.changes.Add(1)
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

// servedContracts reads a server's tool list as a sync imports it (nil
// map entries for tools the catalog would refuse: they match nothing).
func servedContracts(ctx context.Context, name string, tools []*mcp.Tool) map[string]catalog.Contract {
	out := map[string]catalog.Contract{}
	if len(tools) == 0 {
		return out
	}
	doc, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		return out
	}
	for _, c := range catalog.ParseSyncContext(ctx, doc, name).Contracts {
		out[c.ID] = c
	}
	return out
}

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
