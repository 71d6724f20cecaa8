package upstream

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// healthLog keeps every health change a pool reports.
type healthLog struct {
	mu  sync.Mutex
	got []Health
}

func (l *healthLog) add(name string, h Health) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h.Why = name + ": " + h.Why
	l.got = append(l.got, h)
}

// last is the last change reported (zero: none).
func (l *healthLog) last() Health {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.got) == 0 {
		return Health{}
	}
	return l.got[len(l.got)-1]
}

func (l *healthLog) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.got)
}

// healthWait bounds the wait for a health report: reports arrive in
// goroutines of their own, so a loaded machine may take long; the bound
// only ends a test whose report never comes (waits of at most 1 s
// failed under load).
const healthWait = 30 * time.Second

// waitFor waits for the last change to have up, then returns it.
func (l *healthLog) waitFor(t *testing.T, up bool) Health {
	t.Helper()
	d := healthWait
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		// reports arrive in order of their time, not always of delivery
		if h := l.latest(); !h.At.IsZero() && h.Up == up {
			return h
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("health never became up=%v within %s; changes: %+v", up, d, l.got)
	return Health{}
}

// latest is the change with the latest time.
func (l *healthLog) latest() Health {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out Health
	for _, h := range l.got {
		if !h.At.Before(out.At) {
			out = h
		}
	}
	return out
}

// echoServer serves one tool over streamable HTTP on ln.
func echoServer(ln net.Listener) *http.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "echo", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "echo", Description: "says ok", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
	})
	hs := &http.Server{Handler: mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true})}
	go func() { _ = hs.Serve(ln) }()
	return hs
}

// TestHealthFollowsTheLastRealContact: a
// connection's health is what the last real contact said — up after a
// call answers, down with the reason when its server is gone, and up
// again when the server is back, found by the pool's own probe (no call
// needed), which runs only while the server is down.
func TestHealthFollowsTheLastRealContact(t *testing.T) {
	t.Run("http", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		hs := echoServer(ln)
		var log healthLog
		p := NewPool(nil)
		defer p.Close()
		p.OnHealth = log.add
		p.Timeout = 2 * time.Second
		sp := Spec{Name: "web", URL: "http://" + addr + "/", MaxBackoff: 200 * time.Millisecond}
		if _, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		if h := log.waitFor(t, true); h.At.IsZero() || h.Why != "web: " {
			t.Errorf("up after a call answered: %+v", h)
		}
		n := log.count()
		for range 20 {
			if _, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`)); err != nil {
				t.Fatal(err)
			}
		}
		if log.count() != n {
			t.Errorf("calls to a healthy server reported %d changes, want none", log.count()-n)
		}
		_ = hs.Close()
		if _, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`)); err == nil {
			t.Fatal("a call to a stopped server answered")
		}
		down := log.waitFor(t, false)
		if !strings.Contains(down.Why, addr) {
			t.Errorf("down says why: %q", down.Why)
		}
		ln2, err := net.Listen("tcp", addr)
		if err != nil {
			t.Skipf("the port was taken meanwhile: %v", err)
		}
		hs2 := echoServer(ln2)
		defer hs2.Close()
		log.waitFor(t, true)
		if _, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`)); err != nil {
			t.Errorf("a call once the server is back: %v", err)
		}
	})
	t.Run("stdio crash", func(t *testing.T) {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		var log healthLog
		p := NewPool(nil)
		defer p.Close()
		p.OnHealth = log.add
		p.Timeout = 10 * time.Second
		sp := Spec{Name: "crashy", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}, MaxBackoff: 200 * time.Millisecond}
		pidOf(t, p, sp)
		log.waitFor(t, true)
		_, _ = p.Call(context.Background(), sp, "crash", json.RawMessage(`{}`))
		down := log.waitFor(t, false)
		if !strings.HasPrefix(down.Why, "crashy: ") || len(down.Why) <= len("crashy: ") {
			t.Errorf("down says why: %q", down.Why)
		}
		// restarted after the backoff, without a call
		log.waitFor(t, true)
	})
	t.Run("start failure", func(t *testing.T) {
		var log healthLog
		p := NewPool(nil)
		defer p.Close()
		p.OnHealth = log.add
		sp := Spec{Name: "gone", Command: []string{"/nonexistent/server-binary"}, MaxBackoff: 200 * time.Millisecond}
		if _, err := p.Call(context.Background(), sp, "x", json.RawMessage(`{}`)); err == nil {
			t.Fatal("a server that cannot start answered")
		}
		down := log.waitFor(t, false)
		if !strings.Contains(down.Why, "nonexistent") && !strings.Contains(down.Why, "no such file") {
			t.Errorf("down says why: %q", down.Why)
		}
		// still down, the probe keeps trying without piling up reports
		time.Sleep(time.Second)
		if h := log.latest(); h.Up {
			t.Errorf("a server that cannot start came up: %+v", h)
		}
		if n := log.count(); n > 3 {
			t.Errorf("a server down for the same reason reported %d changes", n)
		}
	})
}
