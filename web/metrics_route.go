package web

import (
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
)

// metricsReaders may read GET /metrics on the main listener: an API key
// (Authorization: Bearer), as a scraper sends one. The figures say how
// busy the console is, not who uses it, yet they are not for anyone who
// can reach the port. On a separate listener (CONSOLE_METRICS_ADDR) the
// metrics need no key: that address is for the scraper's network only.
var metricsReaders = apiRead

// serveMetrics answers GET /metrics on the main listener.
func (s *Server) serveMetrics(c echo.Context) error {
	// the console's gzip middleware compresses the answer when asked
	s.metrics.page.ServeHTTP(c.Response(), c.Request())
	return nil
}

// depth is how many events wait for the evidence writer.
func (w *evidenceWriter) depth() float64 { return float64(len(w.queue)) }

// observeRunsBatch records one batch's write time of the runtime API's
// evidence writer.
func (m *metrics) observeRunsBatch(d time.Duration) { m.runsBatch.Observe(d.Seconds()) }

// observeGatewayBatch records one batch's write time of the gateway's
// evidence writer.
func (m *metrics) observeGatewayBatch(d time.Duration) { m.gatewayBatch.Observe(d.Seconds()) }

// checkDecided counts one authorization decision under "allow" or its
// error type (a fixed vocabulary).
func (m *metrics) checkDecided(d authority.Decision) {
	if d.Allow || d.Error == nil {
		m.allowed.Inc()
		return
	}
	m.checks.WithLabelValues(d.Error.Type).Inc()
}

// upstreamCall records one gateway call's time at the upstream server,
// under error when it failed or the server answered with an error result.
func (m *metrics) upstreamCall(d time.Duration, failed bool) {
	if failed {
		m.upstreamErr.Observe(d.Seconds())
		return
	}
	m.upstreamOK.Observe(d.Seconds())
}

// secretIncident counts one secret the gateway saw: kind exposure (an
// answer held a console secret no caller sent: withheld), masked (a connection's own secret, masked), or
// masked_alert (a key past the hourly count of masked answers). A
// console secret in a call's arguments (sent) or in an answer echoing
// what a caller sent (echo) is not counted: the caller's own request
// decides those, and its key may read /metrics, so a count would tell it
// whether its guess was right; they are audited and shown to admins only.
func (m *metrics) secretIncident(kind string) {
	switch kind {
	case "exposure":
		m.secretExposed.Inc()
	case "masked_alert":
		m.secretAlert.Inc()
	case "echo", "sent":
	default:
		m.secretMasked.Inc()
	}
}
