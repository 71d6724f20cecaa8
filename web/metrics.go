package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics is the console's Prometheus instrumentation, one registry per
// server (tests build many servers in one process). Every label takes
// its values from a fixed set — route patterns of the route table,
// methods, status codes, cache names, decision types — never from a
// request: no subject, run, key or imported tool name becomes a series.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	// routes holds each known route's series, resolved once, so a request
	// costs a map lookup and two atomic adds
	routes map[routeKey]*routeSeries
	// page serves the registry behind the console's own middleware
	page http.Handler

	composeHit, composeMiss prometheus.Counter
	stepHit, stepMiss       prometheus.Counter
	checks                  *prometheus.CounterVec
	allowed                 prometheus.Counter
	// evidence batch times per writer: the runtime API's and the gateway's
	runsBatch, gatewayBatch prometheus.Observer
	upstreamOK, upstreamErr prometheus.Observer
	// answers with a secret in them (secretIncident)
	secretExposed, secretMasked, secretAlert prometheus.Counter
}

type routeKey struct{ method, path string }

type routeSeries struct {
	latency prometheus.Observer
	ok      prometheus.Counter // status 200, the common case
	route   string
}

// unmatchedRoute labels a request no route matched (404, 405): its raw
// path would be an unbounded label value.
const unmatchedRoute = "(unmatched)"

// latencyBuckets spans the runtime's sub-millisecond answers up to slow
// pages and imports (seconds).
var latencyBuckets = []float64{.0002, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

func newMetrics(routes []route, runsDepth, gatewayDepth func() float64) *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{reg: reg, routes: map[routeKey]*routeSeries{}}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "console_http_requests_total",
		Help: "HTTP requests answered, by route pattern, method and status code."}, []string{"route", "method", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "console_http_request_duration_seconds",
		Help: "Time to answer an HTTP request, by route pattern and method.", Buckets: latencyBuckets}, []string{"route", "method"})
	cache := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "console_cache_requests_total",
		Help: "Lookups in the compose response cache and the run step cache, by result (hit or miss)."}, []string{"cache", "result"})
	m.composeHit, m.composeMiss = cache.WithLabelValues("compose", "hit"), cache.WithLabelValues("compose", "miss")
	m.stepHit, m.stepMiss = cache.WithLabelValues("step", "hit"), cache.WithLabelValues("step", "miss")
	m.checks = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "console_check_decisions_total",
		Help: "Authorization checks decided, by decision: allow, or the error type of a denial."}, []string{"decision"})
	batch := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "console_evidence_batch_duration_seconds",
		Help: "Time to store one batch of run evidence (one statement), by writer (runs: the runtime API; gateway).", Buckets: latencyBuckets}, []string{"writer"})
	m.runsBatch, m.gatewayBatch = batch.WithLabelValues("runs"), batch.WithLabelValues("gateway")
	depth := func(writer string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "console_evidence_queue_depth", ConstLabels: prometheus.Labels{"writer": writer},
			Help: "Run evidence events waiting for their writer, by writer (runs: the runtime API; gateway)."}, f)
	}
	upstream := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "console_gateway_upstream_duration_seconds",
		Help: "Time of one tools/call to an upstream MCP server through the gateway, by outcome (ok or error).", Buckets: latencyBuckets}, []string{"outcome"})
	secrets := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "console_gateway_secret_answers_total",
		Help: "Secrets the gateway saw, by kind: exposure (an answer held one of the console's own that no caller sent its server: withheld), masked (an answer held a connection's own secret: masked), or masked_alert (a key past the hourly count of masked answers: admins alerted)."}, []string{"kind"})
	m.secretExposed, m.secretMasked, m.secretAlert = secrets.WithLabelValues("exposure"), secrets.WithLabelValues("masked"), secrets.WithLabelValues("masked_alert")
	reg.MustRegister(m.requests, m.latency, cache, m.checks, batch, depth("runs", runsDepth), depth("gateway", gatewayDepth), upstream, secrets,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.allowed = m.checks.WithLabelValues("allow")
	m.upstreamOK, m.upstreamErr = upstream.WithLabelValues("ok"), upstream.WithLabelValues("error")
	for _, r := range routes {
		m.routes[routeKey{r.method, r.path}] = &routeSeries{route: r.path,
			latency: m.latency.WithLabelValues(r.path, r.method), ok: m.requests.WithLabelValues(r.path, r.method, "200")}
	}
	m.page = m.handler(false)
	return m
}

// handler serves the registry in the Prometheus text format; compress
// when no middleware in front of it does.
func (m *metrics) handler(compress bool) http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{DisableCompression: !compress})
}

// observe is the middleware that counts and times every request under
// its route pattern (echo's c.Path(), never the raw path).
func (m *metrics) observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		if err := next(c); err != nil {
			// a recovered panic: answer it here so its status is counted
			c.Error(err)
		}
		m.record(c.Request().Method, c.Path(), c.Response().Status, time.Since(start))
		return nil
	}
}

func (m *metrics) record(method, path string, status int, d time.Duration) {
	rs := m.routes[routeKey{method, path}]
	if rs == nil {
		method = boundedMethod(method)
		m.latency.WithLabelValues(unmatchedRoute, method).Observe(d.Seconds())
		m.requests.WithLabelValues(unmatchedRoute, method, strconv.Itoa(status)).Inc()
		return
	}
	rs.latency.Observe(d.Seconds())
	if status == http.StatusOK {
		rs.ok.Inc()
		return
	}
	m.requests.WithLabelValues(rs.route, method, strconv.Itoa(status)).Inc()
}

// boundedMethod keeps an unmatched request's method label to the
// standard methods.
func boundedMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "OTHER"
}

// composeCache counts one lookup in the compose response cache.
func (m *metrics) composeCache(hit bool) {
	if hit {
		m.composeHit.Inc()
	} else {
		m.composeMiss.Inc()
	}
}

// stepCache counts one lookup in the run step cache.
func (m *metrics) stepCache(hit bool) {
	if hit {
		m.stepHit.Inc()
	} else {
		m.stepMiss.Inc()
	}
}
