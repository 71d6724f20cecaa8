package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestARequestBuildsNoMiddleware: the middleware chain is built when the
// server is, not per request. Echo applies what Use, Pre and a route are
// given anew on each request, a closure per middleware: a health check
// through the console's twelve middlewares and a route policy cost 40
// allocations that way, 27 with the chain built once. The bound leaves
// room for a middleware's own work to grow a little, not for the chain
// to be rebuilt per request again. The count is the fewest of five
// rounds: testing.AllocsPerRun counts every goroutine's allocations, and
// an earlier test's background work (a timer, an evidence flush) only
// adds to a round, never takes away.
func TestARequestBuildsNoMiddleware(t *testing.T) {
	h := sqliteOnly(t)
	handler := h.app.Handler()
	req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	serve := func() {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("X-Frame-Options") != "DENY" {
			t.Fatalf("%d %v", rec.Code, rec.Header())
		}
	}
	serve()
	got := testing.AllocsPerRun(200, serve)
	for round := 1; round < 5; round++ {
		got = min(got, testing.AllocsPerRun(200, serve))
	}
	bound := float64(30 + raceAllocSlack)
	t.Logf("allocations a health check: %.0f (bound %.0f)", got, bound)
	if got > bound {
		t.Errorf("a health check allocates %.0f times, want at most %.0f: is a middleware applied per request again?", got, bound)
	}
}
