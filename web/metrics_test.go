package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// scrape reads the metrics page and parses it with Prometheus' own text
// parser, as a scraper would.
func scrape(t *testing.T, url, key string) map[string]*dto.MetricFamily {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, b)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Fatalf("content type %q, want the Prometheus text format", ct)
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatalf("the page does not parse as the Prometheus text format: %v", err)
	}
	return fams
}

// sample is the value of the family's series whose labels include want
// (a counter's value, a histogram's count, a gauge's value); -1 when no
// series matches.
func sample(fams map[string]*dto.MetricFamily, name string, want map[string]string) float64 {
	f := fams[name]
	if f == nil {
		return -1
	}
next:
	for _, m := range f.GetMetric() {
		have := map[string]string{}
		for _, l := range m.GetLabel() {
			have[l.GetName()] = l.GetValue()
		}
		for k, v := range want {
			if have[k] != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		}
	}
	return -1
}

// TestMetricsScrapedAndMoving: /metrics parses with Prometheus' text
// parser, holds every family the README lists, and its counters move with
// compose, run step and authorize requests; labels are route patterns,
// never raw paths, run ids or subject ids.
func TestMetricsScrapedAndMoving(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	before := scrape(t, h.srv.URL+"/metrics", key)
	for _, name := range []string{
		"console_http_requests_total", "console_http_request_duration_seconds", "console_cache_requests_total",
		"console_check_decisions_total", "console_evidence_queue_depth", "console_evidence_batch_duration_seconds",
		"console_gateway_upstream_duration_seconds", "go_goroutines", "go_memstats_heap_alloc_bytes", "process_resident_memory_bytes",
	} {
		if before[name] == nil {
			t.Errorf("family %s missing", name)
		}
	}

	compose := `{"agent":"analyst"}`
	for range 3 {
		if res, b := h.api(http.MethodPost, "/api/v1/compose", key, compose); res.StatusCode != http.StatusOK {
			t.Fatalf("compose: %d %s", res.StatusCode, b)
		}
	}
	for _, run := range []string{"run-metrics-1", "run-metrics-2"} {
		if res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", key, `{"agent":"analyst","receipts":[]}`); res.StatusCode != http.StatusOK {
			t.Fatalf("step: %d %s", res.StatusCode, b)
		}
	}
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "exec"})
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "exec", "subject": contractor("subject-secret-7")})
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "launch_rockets-9c2e"})
	h.api(http.MethodGet, "/no/such/page-8d1f", "", nil)

	after := scrape(t, h.srv.URL+"/metrics", key)
	moved := []struct {
		name   string
		labels map[string]string
		by     float64
	}{
		{"console_http_requests_total", map[string]string{"route": "/api/v1/compose", "method": "POST", "code": "200"}, 3},
		{"console_http_request_duration_seconds", map[string]string{"route": "/api/v1/runs/:run/steps", "method": "POST"}, 2},
		{"console_http_requests_total", map[string]string{"route": "(unmatched)", "method": "GET", "code": "404"}, 1},
		{"console_cache_requests_total", map[string]string{"cache": "compose", "result": "miss"}, 1},
		{"console_cache_requests_total", map[string]string{"cache": "compose", "result": "hit"}, 2},
		{"console_cache_requests_total", map[string]string{"cache": "step", "result": "miss"}, 1},
		{"console_cache_requests_total", map[string]string{"cache": "step", "result": "hit"}, 1},
		{"console_check_decisions_total", map[string]string{"decision": "allow"}, 1},
		{"console_check_decisions_total", map[string]string{"decision": authority.TypePermissionDenied}, 1},
		{"console_check_decisions_total", map[string]string{"decision": authority.TypeUnavailable}, 1},
		{"console_evidence_batch_duration_seconds", map[string]string{"writer": "runs"}, 1},
	}
	for _, m := range moved {
		was, now := max(sample(before, m.name, m.labels), 0), sample(after, m.name, m.labels)
		if now-was < m.by {
			t.Errorf("%s%v moved by %v, want at least %v", m.name, m.labels, now-was, m.by)
		}
	}
	// no raw path, run id or subject id became a label value
	for name, f := range after {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if v := l.GetValue(); strings.Contains(v, "run-metrics") || strings.Contains(v, "subject-secret") || strings.Contains(v, "8d1f") || strings.Contains(v, "9c2e") {
					t.Errorf("%s has the unbounded label %s=%q", name, l.GetName(), v)
				}
			}
		}
	}
}

// TestMetricsAccess: on the main listener /metrics needs an API key; with
// a separate address configured it is not on the main listener at all,
// and the separate handler serves it without a key.
func TestMetricsAccess(t *testing.T) {
	h := sqliteOnly(t)
	if res, _ := h.api(http.MethodGet, "/metrics", "", nil); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("/metrics without a key: %d, want 401", res.StatusCode)
	}
	c := h.login("admin", adminPassword)
	if res, _ := c.get("/metrics"); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("/metrics with a session and no key: %d, want 401", res.StatusCode)
	}

	app := New(h.store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), MetricsElsewhere: true})
	t.Cleanup(app.Close)
	main := httptest.NewServer(app.Handler())
	t.Cleanup(main.Close)
	res, err := http.Get(main.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("/metrics on the main listener with a separate address: %d, want 404", res.StatusCode)
	}
	side := httptest.NewServer(app.MetricsHandler())
	t.Cleanup(side.Close)
	fams := scrape(t, side.URL+"/metrics", "")
	if sample(fams, "console_http_requests_total", map[string]string{"route": "(unmatched)", "code": "404"}) != 1 {
		t.Fatal("the separate listener does not show the main listener's 404")
	}
}

// TestMetricsTimeGatewayCalls: a tools/call through the gateway is timed
// at the upstream under outcome "ok", and the connection's and tool's
// names (an imported service's) become no label.
func TestMetricsTimeGatewayCalls(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("metricsdemo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	key := h.runtimeKey()
	before := sample(scrape(t, h.srv.URL+"/metrics", key), "console_gateway_upstream_duration_seconds", map[string]string{"outcome": "ok"})
	if text, isErr := call(t, cs, "metricsdemo.echo", map[string]any{"text": "hello"}, nil); isErr || text != "hello" {
		t.Fatalf("call through the gateway: %q isError %v", text, isErr)
	}
	after := scrape(t, h.srv.URL+"/metrics", key)
	if got := sample(after, "console_gateway_upstream_duration_seconds", map[string]string{"outcome": "ok"}); got-max(before, 0) != 1 {
		t.Fatalf("upstream calls timed: %v before, %v after, want one more", before, got)
	}
	// The call's evidence is handed to the gateway's writer, which writes
	// it in its own batch after the answer: wait for that batch (bounded).
	batches := sample(after, "console_evidence_batch_duration_seconds", map[string]string{"writer": "gateway"})
	for deadline := time.Now().Add(10 * time.Second); batches < 1 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		batches = sample(scrape(t, h.srv.URL+"/metrics", key), "console_evidence_batch_duration_seconds", map[string]string{"writer": "gateway"})
	}
	if batches < 1 {
		t.Fatalf("gateway evidence batches timed: %v after 10 s, want at least one", batches)
	}
	for name, f := range after {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if strings.Contains(l.GetValue(), "metricsdemo") || strings.Contains(l.GetValue(), "echo") {
					t.Errorf("%s has the imported name %s=%q as a label", name, l.GetName(), l.GetValue())
				}
			}
		}
	}
}
