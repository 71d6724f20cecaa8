package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionTimeoutOverridesThePool: a connection's own timeout
// bounds its calls whatever the pool's: a short one ends a call the
// pool's 30 s would wait for, a long one lets a call the pool's 100 ms
// would end finish.
func TestConnectionTimeoutOverridesThePool(t *testing.T) {
	up := upstreamtest.New()
	defer up.Close()
	ctx := context.Background()

	p := NewPool(nil)
	defer p.Close()
	if _, err := p.ListTools(ctx, Spec{Name: "short", URL: up.URL}); err != nil {
		t.Fatal(err)
	}
	up.Delay.Store(int64(20 * time.Second))
	_, err := p.Call(ctx, Spec{Name: "short", URL: up.URL, Timeout: 150 * time.Millisecond}, "slow", nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a call over the connection's 150 ms timeout (the pool's is 30 s): %v", err)
	}

	q := NewPool(nil)
	defer q.Close()
	q.Timeout = 100 * time.Millisecond
	up.Delay.Store(int64(400 * time.Millisecond))
	res, err := q.Call(ctx, Spec{Name: "long", URL: up.URL, Timeout: 20 * time.Second}, "slow", nil)
	if err != nil || len(res.Content) != 1 {
		t.Fatalf("a call within the connection's 20 s timeout (the pool's is 100 ms): %v", err)
	}
}

// TestBackoffCap: the restart wait doubles from 100 ms up to the
// connection's cap (30 s when it sets none).
func TestBackoffCap(t *testing.T) {
	for _, c := range []struct {
		n    int
		cap  time.Duration
		want time.Duration
	}{
		{1, 0, 100 * time.Millisecond}, {20, 0, 30 * time.Second}, {3, 2 * time.Second, 400 * time.Millisecond},
		{20, 2 * time.Second, 2 * time.Second}, {1, 50 * time.Millisecond, 50 * time.Millisecond}, {40, 10 * time.Minute, 10 * time.Minute},
	} {
		if got := backoff(c.n, c.cap); got != c.want {
			t.Errorf("backoff(%d, %v) = %v, want %v", c.n, c.cap, got, c.want)
		}
	}
}

// TestStderrLinesKept: a connection's stderr lines setting is how many
// of a server's last stderr lines its start error keeps (12 when unset).
func TestStderrLinesKept(t *testing.T) {
	for _, c := range []struct{ set, want int }{{0, 12}, {3, 3}, {40, 40}} {
		l := newLineLog(slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil)), Spec{Name: "s", StderrLines: c.set})
		for i := range 60 {
			fmt.Fprintf(l, "line %d\n", i)
		}
		l.flush()
		tail := strings.Split(l.Tail(), " | ")
		if len(tail) != c.want || tail[len(tail)-1] != "line 59" {
			t.Errorf("stderr lines %d: kept %d lines ending %q, want %d", c.set, len(tail), tail[len(tail)-1], c.want)
		}
	}
}
