package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// gateway is the MCP server side: one SDK server whose receiving
// middleware answers initialize, tools/list, tools/call and the manifest
// resource from the session's run, so the SDK keeps the protocol and the
// console keeps every decision.
type gateway struct {
	s      *Server
	server *mcp.Server
	// json answers a request with its one response as application/json;
	// stream answers on an event stream (a search, whose list_changed
	// notification goes before its result)
	json, stream http.Handler
	pool         *upstream.Pool
	// evidence stores the gateway's per-call and per-search evidence:
	// committed before the answer, without waiting for the database's
	// disk flush (models.SaveRunEventsAsyncCommit)
	evidence *evidenceWriter
	tools    sync.Map // tool digest → *mcp.Tool
	// toolJSON is each listed tool's JSON, encoded once (mcp_encode.go)
	toolJSON toolJSONCache
	// lists keeps each session's latest tools/list answer (mcp_list_cache.go)
	lists listCache
	// sessions keeps each session's decoded state (mcp_session_cache.go)
	sessions sessionStates
	conns    connCache
	// surfaces are the run surfaces as the gateway serves them
	surfaces servedSurfaces
	// served compares what a connection's running server lists with the
	// reviewed contracts before a call (mcp_served.go)
	served servedCheck
	// direct: tools/call and tools/list of an established session take
	// the direct path (mcp_direct.go); off, every request goes through the
	// SDK (a test compares the two)
	direct atomic.Bool
	// directServed counts the requests the direct path answered
	directServed atomic.Int64
}

// gatewayVersions are the protocol versions the gateway speaks: those
// with sessions. The SDK lists its versions newest first, and its newest
// (2026-07-28, SEP-2575) is sessionless; a client of it falls back to one
// of these (TestGatewaySpeaksSessionVersions holds the list to that).
var gatewayVersions = mcp.SupportedProtocolVersions()[1:]

// listChangedToken marks the progress notification the sending
// middleware turns into notifications/tools/list_changed: the SDK sends a
// notification on the request's own stream only through its session's
// notify methods.
const listChangedToken = "console:tools/list_changed"

func newGateway(s *Server) *gateway {
	g := &gateway{s: s, pool: upstream.NewPool(s.log), evidence: newEvidenceWriterWith(s.store.SaveRunEventsAsyncCommit, s.log)}
	g.direct.Store(true)
	if s.cfg.UpstreamTimeout > 0 {
		g.pool.Timeout = s.cfg.UpstreamTimeout
	}
	// the deployment's loop marker, so a connection that reaches another
	// replica's gateway is refused too (the process's own when the
	// database cannot say now: a loop through this replica is still caught)
	mctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	if m, err := s.store.LoopMarker(mctx); err == nil {
		g.pool.SetLoopMarker(m)
	} else {
		s.log.Warn("gateway loop marker not read: loops through other replicas are not caught", "err", err)
	}
	cancel()
	// a connection's status is its last real contact
	g.pool.OnHealth = func(name string, h upstream.Health) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.store.RecordContact(ctx, name, h.At, h.Why); err != nil {
			s.log.Warn("connection status not recorded", "connection", name, "err", err)
		}
	}
	// an upstream's answers are bounded as they arrive: a tool list by the
	// catalog's import ceiling, a call's answer by twice the result
	// ceiling (what the upstream escapes, the gateway may not) plus its
	// envelope
	g.pool.MaxMessage, g.pool.MaxResult = catalog.MaxImportBytes, 2*g.resultCeiling()+64<<10
	g.server = mcp.NewServer(&mcp.Implementation{Name: "agentforge-console", Title: "Agent Forge Console gateway", Version: "1"}, &mcp.ServerOptions{
		SupportedProtocolVersions: gatewayVersions,
		Capabilities:              &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}, Resources: &mcp.ResourceCapabilities{}},
	})
	g.server.AddReceivingMiddleware(g.receive)
	g.server.AddSendingMiddleware(g.send)
	handler := func(jsonResponse bool) http.Handler {
		return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return g.server }, &mcp.StreamableHTTPOptions{
			Stateless: true, JSONResponse: jsonResponse, MaxRequestBodyBytes: maxMCPBody,
			// every request is authenticated by its key; the rebinding guard
			// would refuse a console behind a proxy on loopback
			DisableLocalhostProtection: true,
		})
	}
	verify := func(ctx context.Context, _ string, r *http.Request) (*auth.TokenInfo, error) {
		gr, ok := r.Context().Value(gwReqKey{}).(*gwReq)
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: gr.sess.ID, Extra: map[string]any{"gw": gr}}, nil
	}
	bearer := auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})
	g.json, g.stream = bearer(handler(true)), bearer(handler(false))
	return g
}

// reqOf is the console's request behind an SDK request.
func reqOf(r mcp.Request) *gwReq {
	ex := r.GetExtra()
	if ex == nil || ex.TokenInfo == nil {
		return nil
	}
	gr, _ := ex.TokenInfo.Extra["gw"].(*gwReq)
	return gr
}

func (g *gateway) receive(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		r := reqOf(req)
		if r == nil {
			return next(ctx, method, req)
		}
		switch method {
		case "initialize":
			res, err := next(ctx, method, req)
			if err != nil {
				return res, err
			}
			if ir, ok := res.(*mcp.InitializeResult); ok {
				if ir.Instructions, err = g.instructions(ctx, r); err != nil {
					return nil, err
				}
				// the instruction teaches the step's tools: the session
				// was shown the list it gives
				if err := g.showInitialList(ctx, r); err != nil {
					return nil, err
				}
			}
			return res, nil
		case "tools/list":
			return g.listTools(ctx, r)
		case "tools/call":
			cr, ok := req.(*mcp.CallToolRequest)
			if !ok {
				return nil, errors.New("tools/call: unexpected request type")
			}
			return g.callTool(ctx, r, cr)
		case "resources/list":
			return &mcp.ListResourcesResult{Resources: []*mcp.Resource{manifestResource(), instructionResource()}}, nil
		case "resources/read":
			rr, ok := req.(*mcp.ReadResourceRequest)
			if !ok {
				return nil, errors.New("resources/read: unexpected request type")
			}
			return g.readResource(ctx, r, rr)
		}
		return next(ctx, method, req)
	}
}

func (g *gateway) send(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "notifications/progress" {
			if p, ok := req.GetParams().(*mcp.ProgressNotificationParams); ok && p.ProgressToken == listChangedToken {
				ss, _ := req.GetSession().(*mcp.ServerSession)
				return next(ctx, "notifications/tools/list_changed", &mcp.ServerRequest[*mcp.ToolListChangedParams]{Session: ss, Params: &mcp.ToolListChangedParams{}})
			}
		}
		return next(ctx, method, req)
	}
}

// step is a session's run at its current step: the base, the surface,
// the receipts and the activation they give.
type gwStep struct {
	base    *runBase
	surface *deferred.Surface
	key     []byte
	groups  [][]json.RawMessage
	act     deferred.Activation
	// served is the namespaces a connection serves when the step was
	// loaded: the instruction teaches only what the gateway lists
	served map[string]bool
	// subject is who the session is for (noTools names their groups)
	subject *authority.Subject
}

func (st *gwStep) deferred() bool { return st.base.Draft.Options.Deferred }

// searches reports whether the session lists search_tools: deferred,
// with a tool search can reach.
func (st *gwStep) searches() bool { return st.deferred() && st.surface.Reachable() > 0 }

// active reports whether a tool may be called in this step (before the
// call-time check): activated in deferred mode, in the roster otherwise.
func (st *gwStep) active(id string) bool {
	if st.deferred() {
		return st.act.IsActive(id)
	}
	return st.surface.Selectable(id)
}

// activeTools lists the step's tools in order.
func (st *gwStep) activeTools() []string {
	if st.deferred() {
		return st.act.Active()
	}
	var out []string
	for _, e := range st.surface.Roster() {
		if st.surface.Selectable(e.ID()) {
			out = append(out, e.ID())
		}
	}
	return out
}

// step loads a session's run at the request's generations (read with
// its session; read now when the request has none yet) and reconstructs
// its activation from its receipts.
func (g *gateway) step(ctx context.Context, r *gwReq) (*gwStep, error) {
	if r.st != nil {
		return r.st, nil
	}
	if r.catGen == 0 {
		cat, cfg, err := g.s.gate.generations(ctx)
		if err != nil {
			return nil, err
		}
		r.catGen, r.cfgGen = cat, cfg
	}
	b, err := g.s.runBaseAt(ctx, r.target(), r.catGen, r.cfgGen)
	if err != nil {
		return nil, err
	}
	st := &gwStep{base: b, surface: b.Surface, subject: r.subject}
	if st.key, err = g.s.receiptKey(ctx); err != nil {
		return nil, err
	}
	st.groups = r.groups
	sn, err := g.conns.snapshot(ctx, g.s)
	if err != nil {
		return nil, err
	}
	st.served = sn.served
	// search reaches only what a connection serves: never a built-in
	// the client could neither see listed nor call
	st.surface = g.servedSurface(b.Surface, sn)
	st.act, err = deferred.Reconstruct(st.key, r.sess.Run, st.surface, st.groups, g.s.runCeilings())
	if err != nil {
		return nil, err
	}
	if st.deferred() && len(st.act.Carry) > 0 {
		if err := g.carry(ctx, r, st); err != nil {
			return nil, err
		}
	}
	r.st = st
	return st, nil
}

// carry re-issues the session's latest activation after its surface
// moved (a grant, catalog or profile change): the receipts of the old
// surface still activate nothing (seed 003: cross-surface receipts fail
// closed), but the console, which minted them, mints one receipt on the
// new surface for the tools it activated that the new surface can still
// select — the rest (a revoked tool) leave the list. The receipt is kept
// as the session's next step, recorded as evidence (a search event with
// verdict "carried", no query), and the request's answer carries
// notifications/tools/list_changed. A concurrent request that moved the
// session first wins; this one then reads its state.
func (g *gateway) carry(ctx context.Context, r *gwReq, st *gwStep) error {
	for attempt := 0; attempt < 3; attempt++ {
		step := len(st.groups)
		rc := deferred.Mint(st.key, deferred.KindSearch, r.sess.Run, st.surface.Key(), step, st.act.Carry)
		b, err := json.Marshal(rc)
		if err != nil {
			return err
		}
		groups := append(slices.Clone(st.groups), []json.RawMessage{b})
		saved, err := json.Marshal(groups)
		if err != nil {
			return err
		}
		err = g.s.store.CarryGatewayReceipts(ctx, r.sess.ID, r.sess.Version, string(saved))
		if errors.Is(err, models.ErrConflict) {
			if r.sess, err = g.s.store.GatewaySessionByID(ctx, r.sess.ID); err != nil {
				return err
			}
			if err := r.load(); err != nil {
				return err
			}
			if st.act, err = deferred.Reconstruct(st.key, r.sess.Run, st.surface, r.groups, g.s.runCeilings()); err != nil {
				return err
			}
			st.groups = r.groups
			if len(st.act.Carry) == 0 {
				return nil
			}
			continue
		}
		if err != nil {
			return err
		}
		carried := len(st.act.Carry)
		r.sess.Receipts, r.sess.Version, r.groups, st.groups = string(saved), r.sess.Version+1, groups, groups
		if st.act, err = deferred.Reconstruct(st.key, r.sess.Run, st.surface, groups, g.s.runCeilings()); err != nil {
			return err
		}
		r.listChanged = true
		return g.evidence.add(ctx, models.RunEvent{Run: r.sess.Run, Kind: models.RunSearch, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion,
			Step: step, Surface: st.surface.Key(), Hits: carried, Reachable: st.surface.Reachable(), Receipts: rc.ID(), Verdict: verdictCarried})
	}
	return nil
}

// instructions is the composed instruction of the session's current
// step: the initialize answer's instructions and console://instruction.
func (g *gateway) instructions(ctx context.Context, r *gwReq) (string, error) {
	st, err := g.step(ctx, r)
	if err != nil {
		return "", err
	}
	c, err := st.compose(st.act)
	if err != nil {
		return "", err
	}
	return withNoTools(c.Text(), st.noTools(ctx, g.s)), nil
}

// compose is the step's instruction with the activation act, taught to
// an MCP client: its model calls tools through the client's own tool
// calls, so the reply protocol is the MCP form (instruction.HostMCP),
// never the text protocol's channel tags; and it is taught only the
// tools the gateway lists (mcpDraft), never a built-in tool nor the code
// channel its client cannot call.
func (st *gwStep) compose(act deferred.Activation) (instruction.Composition, error) {
	d := st.base.Draft
	d.Options.Pins = st.surface.Pins()
	d.Activated = act.Activated
	return instruction.Compose(mcpDraft(d, st.served).Input())
}

// mcpDraft is the draft d as the gateway serves it to an MCP client:
// the MCP form of the protocol over exactly the tools a connection
// serves (gatewayServes, the rule tools/list applies). The forge's MCP
// form composes the same draft.
func mcpDraft(d instruction.Draft, served map[string]bool) instruction.Draft {
	d.Options.Host = instruction.HostMCP
	return d.Only(func(e *catalog.Entry) bool { return gatewayServes(served, e.Contract()) })
}

// activatedSection is the text the step with activation act teaches
// after its stable prefix ("" when nothing is activated).
func (st *gwStep) activatedSection(act deferred.Activation) (string, error) {
	c, err := st.compose(act)
	if err != nil {
		return "", err
	}
	for _, sec := range c.Sections {
		if sec.ID == instruction.SectionActivated {
			return sec.Text(), nil
		}
	}
	return "", nil
}

// listTools is exactly the step's tools that a connection serves
// (gateway.listed); the session records it was shown them.
func (g *gateway) listTools(ctx context.Context, r *gwReq) (*mcp.ListToolsResult, error) {
	st, err := g.step(ctx, r)
	if err != nil {
		return nil, err
	}
	res, ls, err := g.listed(ctx, st, true)
	if err != nil {
		return nil, err
	}
	if err := g.recordListed(ctx, r, ls, true); err != nil {
		return nil, err
	}
	return res, nil
}

// approvalTool is mcpTool for a tool the session's subject may call only
// with a person's approval: its description says so, as the instruction
// does (once per digest).
func (g *gateway) approvalTool(e *catalog.Entry) *mcp.Tool {
	k := e.Digest() + "/approval"
	if t, ok := g.tools.Load(k); ok {
		return t.(*mcp.Tool)
	}
	t := *g.mcpTool(e)
	t.Description += "\n" + catalog.ApprovalNote
	g.tools.Store(k, &t)
	return &t
}

// mcpTool is a catalog entry as an MCP tool: its id, its reviewed
// purpose, input and output schemas (with every description, default,
// title and example the contract keeps) and effects (once per digest).
func (g *gateway) mcpTool(e *catalog.Entry) *mcp.Tool {
	if t, ok := g.tools.Load(e.Digest()); ok {
		return t.(*mcp.Tool)
	}
	t := contractTool(e.Contract())
	g.tools.Store(e.Digest(), t)
	return t
}

// contractTool advertises hints consistent with the reviewed contract:
// read-only and destructive from its effects, idempotent when read-only or
// when the contract keeps the server's idempotent constraint, and an open
// world (the spec's default) unless the contract keeps the server's
// closed-world constraint.
func contractTool(c catalog.Contract) *mcp.Tool {
	ro := c.Effects == catalog.EffectsReadOnly
	destructive := c.Effects == catalog.EffectsDestructive
	open := !slices.Contains(c.Constraints, catalog.ClosedWorldConstraint)
	idempotent := ro || slices.Contains(c.Constraints, catalog.IdempotentConstraint)
	t := &mcp.Tool{Name: c.ID, Title: c.Title, Description: toolDescription(c), InputSchema: args.Published(c),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: ro, DestructiveHint: &destructive, IdempotentHint: idempotent, OpenWorldHint: &open}}
	if c.Output != nil {
		t.OutputSchema = args.Published(catalog.Contract{Input: c.Output})
	}
	return t
}

// toolDescription is the reviewed purpose with what it returns and its
// constraints, as the catalog teaches them.
func toolDescription(c catalog.Contract) string {
	parts := []string{c.Purpose}
	if c.Returns != "" {
		parts = append(parts, "Returns: "+c.Returns)
	}
	parts = append(parts, c.Constraints...)
	return strings.Join(parts, "\n")
}

var (
	searchToolOnce sync.Once
	searchToolDef  *mcp.Tool
	searchContract catalog.Contract
)

// searchTool is search_tools as an MCP tool.
func searchTool() *mcp.Tool {
	searchToolOnce.Do(func() {
		for _, c := range instruction.SyntheticContracts() {
			if c.ID == instruction.SearchToolID {
				searchContract = c
			}
		}
		searchToolDef = contractTool(searchContract)
	})
	return searchToolDef
}

// connCache remembers which namespaces connections serve, and how to
// reach them, for a moment: connections change rarely and every list
// and call asks. A read is one atomic load; one reader at a time reloads
// a snapshot past connCacheTTL (the others wait for it, as they would
// for their own read), so requests never queue on a lock while the
// snapshot is fresh.
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
	// servedKey names served: its namespaces, sorted
	servedKey string
}

const connCacheTTL = 2 * time.Second

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
		return sn, nil
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if sn := cc.cur.Load(); cc.fresh(sn) { // another request reloaded meanwhile
		return sn, nil
	}
	at, gen := time.Now(), cc.gen.Load()
	cs, err := s.store.Connections(ctx)
	if err != nil {
		return nil, err
	}
	sn := &connSnapshot{at: at, gen: gen, specs: map[string]upstream.Spec{}, err: map[string]error{}, served: map[string]bool{}}
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
