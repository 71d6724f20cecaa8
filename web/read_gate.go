package web

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// readGate coalesces the reads of concurrent requests without ever
// answering from a cache (the generation gate and the gateway's session
// gate are two of it). A request joins the next read that has not been
// sent yet; that read is sent only after every request that joined it
// arrived, and a statement sees every transaction committed before it
// started, so each request still sees every change committed before it
// arrived — while one statement serves all the requests that arrived
// during the previous one. At most most shared reads are in flight per
// process (zero: one); a request that finds fewer sends its own at once.
type readGate[T any] struct {
	mu sync.Mutex
	// most bounds the reads in flight (zero: one); running counts them
	most, running int
	next          *sharedRead[T]
	// reads counts the reads sent (benchmarks' and tests' reads per request)
	reads atomic.Int64
}

// sharedRead is one read, the keys of the requests that joined it and,
// once done is closed, its answer.
type sharedRead[T any] struct {
	done chan struct{}
	keys []string
	val  T
	err  error
}

// gateSource is what a gate reads: keys are the joined requests' (none
// for an unkeyed gate); what names the read in a recovered panic's error.
type gateSource[T any] interface {
	fetch(ctx context.Context, keys []string) (T, error)
	what() string
}

// do returns the answer of a read sent after the call. max > 0 keys the
// read by key, at most max keys a read (a request past it reads alone,
// beside the shared read); max 0 joins without a key.
func (g *readGate[T]) do(ctx context.Context, src gateSource[T], key string, max int) (T, error) {
	g.mu.Lock()
	r := g.next
	if r == nil {
		r = &sharedRead[T]{done: make(chan struct{})}
		g.next = r
	}
	if max > 0 {
		if len(r.keys) >= max {
			g.mu.Unlock()
			g.reads.Add(1)
			return src.fetch(ctx, []string{key})
		}
		r.keys = append(r.keys, key)
	}
	lead := g.running < g.most || g.running == 0
	if lead {
		g.running++
		g.next = nil
	}
	g.mu.Unlock()
	if lead {
		g.run(ctx, src, r)
	}
	select {
	case <-r.done:
		return r.val, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// run sends r's read and, when requests joined a next read meanwhile,
// starts that one on its own goroutine, so the leader answers at once.
func (g *readGate[T]) run(ctx context.Context, src gateSource[T], r *sharedRead[T]) {
	g.reads.Add(1)
	r.val, r.err = g.readOnce(ctx, src, r.keys)
	g.mu.Lock()
	n := g.next
	if n != nil {
		g.next = nil
	} else {
		g.running--
	}
	g.mu.Unlock()
	close(r.done)
	if n != nil {
		go g.run(ctx, src, n)
	}
}

// readOnce runs one read on a context no request can cancel; a panic
// becomes the read's error, so the gate never stays closed behind it.
func (g *readGate[T]) readOnce(ctx context.Context, src gateSource[T], keys []string) (v T, err error) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), genReadTimeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("web: %s: %v", src.what(), p)
		}
	}()
	return src.fetch(rctx, keys)
}
