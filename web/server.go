package web

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/static"
)

// Config holds the web layer's settings.
type Config struct {
	// SecureCookies forces the Secure flag even without TLS on this hop
	// (set it behind a TLS-terminating proxy).
	SecureCookies bool
	Session       models.SessionPolicy
	Logger        *slog.Logger
	// RequiredApprovals is how many fresh approvals a promotion needs
	// (default 1).
	RequiredApprovals int
	// ProcedureCeiling is the largest skill procedure, in o200k_base
	// tokens (default 2,000).
	ProcedureCeiling int
	// APIRate and APIBurst limit requests per API key per second (default
	// DefaultAPIRate and twice that).
	APIRate, APIBurst int
	// ReceiptKey authenticates deferred-run receipts (CONSOLE_RECEIPT_KEY);
	// empty means the key generated once and kept in the database.
	ReceiptKey []byte
	// RunCeilings bound deferred-run searches and steps (zero: defaults).
	RunCeilings deferred.Ceilings
	// UpstreamTimeout bounds one call to an upstream MCP server (zero:
	// upstream.DefaultTimeout); ResultCeiling bounds its result in bytes
	// (zero: DefaultResultCeiling).
	UpstreamTimeout time.Duration
	ResultCeiling   int
	// GatewaySessionIdle expires a gateway session unused this long
	// (zero: DefaultGatewaySessionIdle); GatewaySessionCap caps the live
	// sessions of one key and agent (zero: DefaultGatewaySessionCap).
	GatewaySessionIdle time.Duration
	GatewaySessionCap  int
	// TrustedProxyHeader names the header a trusted reverse proxy sets to
	// the client's address ("X-Forwarded-For" or "X-Real-IP"); empty means
	// the peer address is the client (no header is believed).
	TrustedProxyHeader string
	// MetricsElsewhere keeps GET /metrics off this handler: the metrics
	// are served on their own address (CONSOLE_METRICS_ADDR) through
	// MetricsHandler.
	MetricsElsewhere bool
	// AllowedOrigins are the browser origins, besides the console's own
	// on this machine, that may call the MCP gateway
	// (CONSOLE_ALLOWED_ORIGINS, read by ParseAllowedOrigins): a request
	// with any other Origin header is refused 403.
	AllowedOrigins []string
}

// Server is the console's HTTP application.
type Server struct {
	store *models.Store
	// bg is the work the server runs off the request path; Close stops it
	bg     *background
	meter  *meter.Meter
	cfg    Config
	log    *slog.Logger
	echo   *echo.Echo
	assets string
	routes []route

	snaps    *runtime.Snapshots
	findings findingsCache // the review page's leak findings per tool version

	keys     apiKeyCache
	limit    *limiter
	receipts receiptCache

	runs runCache
	// runOwners: which runtime key opened each run id (ownRun)
	runOwners runOwners
	steps     stepCache
	undos     undoCache
	evidence  *evidenceWriter
	gens      genCache
	gate      genGate
	auth      authCache
	counters  checkCounters
	gw        *gateway
	metrics   *metrics
}

// New builds the server and its routes.
func New(store *models.Store, m *meter.Meter, cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.Logger = slog.New(OmitEmptyAttrs(RequestIDHandler(cfg.Logger.Handler())))
	if cfg.Session.Idle == 0 {
		cfg.Session = models.DefaultSessionPolicy
	}
	s := &Server{store: store, meter: m, cfg: cfg, log: cfg.Logger, assets: static.Version(), limit: newLimiter(cfg.APIRate, cfg.APIBurst), snaps: runtime.NewSnapshots(store), bg: newBackground()}
	s.keys.entries, s.keys.touched = map[string]*cachedKey{}, map[uint]time.Time{}
	s.receipts.seen = map[string]bool{}
	s.evidence = newEvidenceWriter(store, cfg.Logger)
	s.counters.store = store
	s.gate.read = store.Generations
	s.counters.log = func(err error) { s.log.Warn("check counters flush failed", "err", err) }
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.JSONSerializer = lengthJSON{}
	e.IPExtractor = ipExtractor(cfg.TrustedProxyHeader)
	// pages compress well (a 150-tool forge fragment is ~360 KiB of HTML);
	// the API stays uncompressed unless a client asks, to keep its CPU cost flat
	gzip := middleware.GzipWithConfig(middleware.GzipConfig{Level: 1, MinLength: 2048, Skipper: func(c echo.Context) bool {
		return isAPI(c)
	}})
	// no request body is larger than an 8 MiB catalog document plus its form
	bodyLimit := middleware.BodyLimit("10M")
	s.echo = e
	s.gw = newGateway(s)
	s.routes = s.routeTable()
	if !cfg.MetricsElsewhere {
		s.routes = append(s.routes, route{http.MethodGet, "/metrics", metricsReaders, s.serveMetrics})
	}
	s.metrics = newMetrics(withHead(s.routes), s.evidence.depth, s.gw.evidence.depth)
	// before any request can hand a writer an event
	s.evidence.batchTime = s.metrics.observeRunsBatch
	s.gw.evidence.batchTime = s.metrics.observeGatewayBatch
	// a HEAD answer drops its body outermost, below everything that
	// writes it, so compression still sets the headers GET gets; metrics
	// next: a request is timed whole and counted with the status it was
	// answered with, a recovered panic's included
	chain := buildChain(callFound, dropBody, gzip, bodyLimit, s.metrics.observe, s.recoverPanics, s.requestID, s.logRequests, s.securityHeaders, s.gatewayCORS, s.rejectBadText, s.refuseOwnLoop, s.loadSession)
	e.Use(func(echo.HandlerFunc) echo.HandlerFunc { return chain })
	for _, r := range withHead(s.routes) {
		e.Add(r.method, r.path, s.enforce(r.policy)(r.handler))
	}
	return s
}

// buildChain wraps h in mw once, mw[0] outermost. Echo applies the
// middleware given to Use, a route's own and Pre's anew on every request
// (a closure per middleware per request: 13 of a health check's 40
// allocations); the console gives Use one function that returns this
// chain, built when the server is, and each route its policy already
// applied, so a request builds none.
func buildChain(h echo.HandlerFunc, mw ...echo.MiddlewareFunc) echo.HandlerFunc {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// callFound is the innermost step of the chain: the handler echo's
// router found for the request (a route's, or its not-found or
// method-not-allowed handler), which is what echo hands the only
// middleware given to Use as the next handler.
func callFound(c echo.Context) error { return c.Handler()(c) }

// CheckProxyHeader accepts the trusted proxy header settings the console
// knows: none, X-Forwarded-For or X-Real-IP (any case).
func CheckProxyHeader(h string) error {
	switch strings.ToLower(h) {
	case "", "x-forwarded-for", "x-real-ip":
		return nil
	}
	return fmt.Errorf("%q: use X-Forwarded-For or X-Real-IP, or leave it unset", h)
}

// ipExtractor decides the client address: the peer, unless a trusted
// proxy header is configured.
func ipExtractor(header string) echo.IPExtractor {
	switch strings.ToLower(header) {
	case "x-forwarded-for":
		return lastForwardedFor
	case "x-real-ip":
		return echo.ExtractIPFromRealIPHeader()
	}
	return echo.ExtractIPDirect()
}

// MetricsHandler serves the metrics in the Prometheus text format, for
// a listener of their own (no authentication: bind it to an address only
// the scraper reaches).
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler(true) }

// Handler is the http.Handler to serve.
func (s *Server) Handler() http.Handler { return s.echo }

// Close stops the background reads and waits for them, stores the run
// evidence still queued (and the audit of masked
// answers) and stops its writer, and stops every upstream server the
// gateway started.
func (s *Server) Close() {
	s.bg.stop()
	s.gw.masked.flush()
	s.gw.pool.Close()
	s.evidence.close()
	s.gw.evidence.close()
}

// Warm loads the catalog snapshot ahead of the first request.
func (s *Server) Warm(ctx context.Context) error {
	_, err := s.snapshot(ctx)
	return err
}
