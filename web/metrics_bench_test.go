package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// BenchmarkMetricsCost sets what the metrics add to a request beside the
// request itself, in one run: "record" is the middleware's bookkeeping
// (route lookup, histogram and counter), "request" a whole GET /healthz
// through the router (the cheapest route, so the largest share), and
// "compose-hit" a repeated compose answered from the response cache.
// Compare record's ns/op with the others.
func BenchmarkMetricsCost(b *testing.B) {
	h := sqliteOnly(b)
	key := h.apiKey()
	handler := h.app.Handler()
	m := h.app.metrics
	b.Run("record", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m.record(http.MethodPost, "/api/v1/runs/:run/steps", http.StatusOK, 1500*time.Microsecond)
		}
	})
	b.Run("request", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code)
			}
		}
	})
	b.Run("compose-hit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			req := httptest.NewRequest(http.MethodPost, "/api/v1/compose", stringsReader(`{"agent":"analyst"}`))
			req.Header.Set("Authorization", "Bearer "+key)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code, rec.Body)
			}
		}
	})
}
