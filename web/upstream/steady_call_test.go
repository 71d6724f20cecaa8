package upstream

import (
	"context"
	"encoding/json"
	"net"
	"testing"
	"time"
)

// TestASteadyConnectionsCallTakesNoLock: a call of a connection whose
// session is live and whose server answered lately with no failure
// takes neither its client's lock nor the pool's exclusively (every call
// of a connection took both, twice the client's: concurrent calls queued
// behind one another and behind any holder descheduled mid-hold), and a
// failure still takes the client off that path.
func TestASteadyConnectionsCallTakesNoLock(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := echoServer(ln)
	defer hs.Close()
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 2 * time.Second
	sp := Spec{Name: "web", URL: "http://" + ln.Addr().String() + "/"}
	call := func() error {
		_, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`))
		return err
	}
	for range 2 { // the session starts, the server's answers make it steady
		if err := call(); err != nil {
			t.Fatal(err)
		}
	}
	c, err := p.client(sp)
	if err != nil {
		t.Fatal(err)
	}
	held := func(what string, lock, unlock func()) {
		t.Helper()
		lock()
		done := make(chan error, 1)
		go func() { done <- call() }()
		select {
		case err := <-done:
			unlock()
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(5 * time.Second):
			unlock()
			<-done
			t.Fatalf("a steady connection's call waited for %s", what)
		}
	}
	held("its client's lock", c.mu.Lock, c.mu.Unlock)
	held("the pool's lock held shared", p.mu.RLock, p.mu.RUnlock)
	// a failure ends the steady state: the next answer takes the lock
	// to count the failures as ended
	c.unreachable(nil)
	if c.steadyUntil.Load() != 0 {
		t.Fatal("an unreachable server is still steady")
	}
	if err := call(); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	up := c.health == healthUp && c.failures == 0
	c.mu.Unlock()
	if !up || c.steadyUntil.Load() == 0 {
		t.Fatalf("an answer after a failure left the server down (up %v) or not steady", up)
	}
}
