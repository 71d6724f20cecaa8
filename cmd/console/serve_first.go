package main

import (
	"context"
	"net/http"
	"sync"
	"time"
)

// afterFirstAnswerWait bounds how long the work a start leaves until after
// it listens waits for the server's first answer: a start that nobody asks
// anything, or whose first request waits on that work (a sign-in waits
// for the admin's hash), still gets it done.
const afterFirstAnswerWait = time.Second

// firstAnswer tells when the server has answered its first request. A
// start's deferred work (the admin's argon2id hash, 19 MB of memory and
// two passes over it, then every encoding's ranks) waits for it, so it
// does not take the CPU and the memory faults from that first answer on a
// small machine: the console is ready when it listens, and the first
// request (a health check, the sign-in page) is answered before the
// warm-up begins.
type firstAnswer struct {
	once sync.Once
	done chan struct{}
}

func newFirstAnswer() *firstAnswer { return &firstAnswer{done: make(chan struct{})} }

// wrap is h, telling f when a request to it has been answered. A request
// that is not a read (a sign-in, a form, an API write) may itself wait on
// the deferred work (a sign-in on the admin's hash), so it lets that work
// begin at once instead of after it.
func (f *firstAnswer) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			f.once.Do(func() { close(f.done) })
		}
		h.ServeHTTP(w, r)
		f.once.Do(func() { close(f.done) })
	})
}

// wait returns once the first request has been answered, max has passed
// or ctx has ended.
func (f *firstAnswer) wait(ctx context.Context, max time.Duration) {
	t := time.NewTimer(max)
	defer t.Stop()
	select {
	case <-f.done:
	case <-t.C:
	case <-ctx.Done():
	}
}

// seedGate holds every request but the health check (GET /healthz) until
// a first start's seeding and the catalog's first snapshot are done: the
// server listens before it seeds an empty database, and nothing may answer
// from a database half-seeded (an agent list without the demo, a sign-in
// without the admin). A request whose client gives up while it waits is
// dropped; after a failed seeding (the start ends) it is answered 503.
type seedGate struct {
	done chan struct{}
	err  error
}

func newSeedGate() *seedGate { return &seedGate{done: make(chan struct{})} }

// open lets the held requests through; err is the seeding's failure, nil
// when it succeeded. Called once.
func (g *seedGate) open(err error) {
	g.err = err
	close(g.done)
}

// wrap is h behind the gate.
func (g *seedGate) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			select {
			case <-g.done:
			case <-r.Context().Done():
				return
			}
			if g.err != nil {
				http.Error(w, "The console's first start failed; see its log.", http.StatusServiceUnavailable)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}
