package web

import (
	"context"
	"sync"
)

// background runs the server's own work off the request path (reads
// ahead of a cache's expiry) under one context that Close cancels, and
// Close waits for it: nothing of it outlives the server, so no read
// reaches a closed store and no log line follows the server's end.
type background struct {
	mu     sync.Mutex
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed bool
}

func newBackground() *background {
	ctx, cancel := context.WithCancel(context.Background())
	return &background{ctx: ctx, cancel: cancel}
}

// run starts f in its own goroutine with the server's background
// context, unless the server is closing: then it reports false and f
// never runs.
func (b *background) run(f func(ctx context.Context)) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		f(b.ctx)
	}()
	return true
}

// stop cancels the background work and waits for it to end.
func (b *background) stop() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.cancel()
	b.wg.Wait()
}
