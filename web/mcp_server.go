package web

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
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
	// evidence stores the gateway's per-call and per-search evidence,
	// one pipelined INSERT a batch (models.SaveRunEventsPipelined),
	// committed as CONSOLE_EVIDENCE_COMMIT says (models.EvidenceCommit)
	evidence *evidenceWriter
	tools    sync.Map // tool digest → *mcp.Tool
	// toolJSON is each listed tool's JSON, encoded once (mcp_encode.go)
	toolJSON toolJSONCache
	// lists keeps each session's latest tools/list answer (mcp_list_cache.go)
	lists listCache
	// sessions keeps each session's decoded state (mcp_session_cache.go)
	sessions sessionStates
	conns    connCache
	// masked counts each key's masked answers and writes their audit
	// off the call path (mcp_masked_count.go)
	masked maskedCounts
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
	// phases, when set, is told each request's stretches (mcp_phase.go)
	phases atomic.Pointer[phaseSink]
	// states coalesces concurrent requests' session reads
	// (mcp_session_gate.go)
	states sessionGate
}

// listChangedToken marks the progress notification the sending
// middleware turns into notifications/tools/list_changed: the SDK sends a
// notification on the request's own stream only through its session's
// notify methods.
const listChangedToken = "console:tools/list_changed"

func newGateway(s *Server) *gateway {
	g := &gateway{s: s, pool: upstream.NewPool(s.log), evidence: newEvidenceWriterWith(s.store.SaveRunEventsPipelined, s.log)}
	g.states.read, g.states.most = s.store.GatewayStatesByTokens, sessionReadsInFlight
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
