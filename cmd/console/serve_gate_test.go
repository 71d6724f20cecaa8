package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// While a first start seeds, the health check answers and every other
// request waits: it is served once the seeding is done, answered 503 when
// the seeding failed, and dropped unserved when its client gives up.
func TestSeedGateHoldsEveryRequestButTheHealthCheck(t *testing.T) {
	served := make(chan string, 8)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { served <- r.URL.Path })
	serve := func(g *seedGate, ctx context.Context, path string) (chan int, context.CancelFunc) {
		ctx, cancel := context.WithCancel(ctx)
		code := make(chan int, 1)
		go func() {
			rec := httptest.NewRecorder()
			g.wrap(h).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil).WithContext(ctx))
			code <- rec.Code
		}()
		return code, cancel
	}

	g := newSeedGate()
	if code, _ := serve(g, context.Background(), "/healthz"); <-code != http.StatusOK || <-served != "/healthz" {
		t.Fatal("the health check waited for the seeding")
	}
	held, _ := serve(g, context.Background(), "/api/v1/agents")
	ready, _ := serve(g, context.Background(), "/readyz")
	gone, cancel := serve(g, context.Background(), "/login")
	cancel()
	<-gone
	select {
	case p := <-served:
		t.Fatalf("%s was served before the seeding was done", p)
	case <-time.After(50 * time.Millisecond):
	}
	g.open(nil)
	if <-held != http.StatusOK || <-ready != http.StatusOK {
		t.Fatal("a held request was not served after the seeding")
	}
	got := map[string]bool{<-served: true, <-served: true}
	if !got["/api/v1/agents"] || !got["/readyz"] || len(served) != 0 {
		t.Fatalf("served after the seeding: %v (+%d more); the request whose client gave up must not be", got, len(served))
	}

	failed := newSeedGate()
	failed.open(errors.New("disk full"))
	if code, _ := serve(failed, context.Background(), "/api/v1/agents"); <-code != http.StatusServiceUnavailable {
		t.Fatal("after a failed seeding a request was not answered 503")
	}
	if len(served) != 0 {
		t.Fatal("after a failed seeding a request reached the server")
	}
}
