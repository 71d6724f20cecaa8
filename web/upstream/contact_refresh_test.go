package upstream

import (
	"context"
	"encoding/json"
	"net"
	"sync"
	"testing"
	"time"
)

// TestCallsRefreshTheLastContact: calls a healthy server answers move
// its last contact on — reported at most once per ContactEvery per
// connection (no write per call): calls within the interval report
// nothing, the first call after it reports the contact at its time.
func TestCallsRefreshTheLastContact(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := echoServer(ln)
	defer hs.Close()
	var log healthLog
	var mu sync.Mutex
	now := time.Date(2026, 12, 5, 14, 0, 0, 0, time.UTC)
	p := NewPool(nil)
	defer p.Close()
	p.clock = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	p.OnHealth = log.add
	p.Timeout = 2 * time.Second
	sp := Spec{Name: "web", URL: "http://" + ln.Addr().String() + "/"}
	callAt := func(at time.Time) {
		t.Helper()
		mu.Lock()
		now = at
		mu.Unlock()
		if _, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	start := now
	callAt(start)
	if h := log.waitFor(t, true); !h.At.Equal(start) {
		t.Fatalf("first contact at %v, want %v", h.At, start)
	}
	n := log.count()
	for i := range 5 {
		callAt(start.Add(time.Duration(i+1) * time.Second))
	}
	if log.count() != n {
		t.Errorf("calls within %s reported %d contacts, want none", ContactEvery, log.count()-n)
	}
	later := start.Add(ContactEvery + 10*time.Second)
	callAt(later)
	deadline := time.Now().Add(healthWait)
	for log.latest().At.Before(later) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if h := log.latest(); !h.At.Equal(later) || !h.Up {
		t.Errorf("a call after %s: last contact %+v, want up at %v", ContactEvery, h, later)
	}
}

// TestADownServerIsReportedAgain: a server that stays down is reported
// down again once per ContactEvery, as a healthy one is reported up, so a
// status written meanwhile by someone else (a sync that listed the tools
// of a server the gateway cannot use) does not stand for good: failures
// within the interval report nothing new, the first after it reports the
// failure at its time.
func TestADownServerIsReportedAgain(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now: every call is refused
	var log healthLog
	var mu sync.Mutex
	now := time.Date(2026, 12, 5, 14, 0, 0, 0, time.UTC)
	p := NewPool(nil)
	defer p.Close()
	p.clock = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	p.OnHealth = log.add
	p.Timeout = 2 * time.Second
	sp := Spec{Name: "web", URL: "http://" + addr + "/", MaxBackoff: time.Millisecond}
	callAt := func(at time.Time) {
		t.Helper()
		mu.Lock()
		now = at
		mu.Unlock()
		if _, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`)); err == nil {
			t.Fatal("a call to a closed port answered")
		}
	}
	start := now
	callAt(start)
	if h := log.waitFor(t, false); !h.At.Equal(start) {
		t.Fatalf("first failure at %v, want %v", h.At, start)
	}
	n := log.count()
	for i := range 3 {
		callAt(start.Add(time.Duration(i+1) * time.Second))
	}
	if log.count() != n {
		t.Errorf("failures within %s reported %d more times, want none", ContactEvery, log.count()-n)
	}
	later := start.Add(ContactEvery + 10*time.Second)
	callAt(later)
	deadline := time.Now().Add(healthWait)
	for log.latest().At.Before(later) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if h := log.latest(); !h.At.Equal(later) || h.Up {
		t.Errorf("a failure after %s: last contact %+v, want down at %v", ContactEvery, h, later)
	}
}
