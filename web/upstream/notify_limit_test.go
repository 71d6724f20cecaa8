package upstream

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestNotificationFloodIsBounded: a server that
// sends notifications without end has all but notifyBurst plus
// notifyRate a second of them dropped before any handler sees them
// (counted, the session kept), and the call the flood came with, and the
// next one, are answered.
func TestNotificationFloodIsBounded(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var logs logBuffer
	p := NewPool(testLogger(&logs))
	defer p.Close()
	p.Timeout = 30 * time.Second
	sp := Spec{Name: "spammer", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	before := pidOf(t, p, sp)
	const sent = 10000
	start := time.Now()
	res, err := p.Call(context.Background(), sp, "spam", json.RawMessage(`{"n":10000}`))
	took := time.Since(start)
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "spammed" {
		t.Fatalf("the call that came with the flood: %v", err)
	}
	passed := sent - p.NotificationsDropped(sp.Name)
	if most := int64(notifyBurst + notifyRate*(took.Seconds()+1)); passed > most {
		t.Errorf("%d of %d notifications reached the handlers in %s, want at most %d", passed, sent, took, most)
	}
	if p.NotificationsDropped(sp.Name) == 0 {
		t.Error("no notification was dropped")
	}
	if after := pidOf(t, p, sp); after != before {
		t.Errorf("the flood restarted the server: pid %s, then %s", before, after)
	}
	if n := countLines(logs.String(), "faster than the console takes them"); n != 1 {
		t.Errorf("the drops were logged %d times, want once (then once per %d)", n, notifyLogEvery)
	}
}

// testLogger logs everything to w as text.
func testLogger(w *logBuffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// countLines counts the lines of s holding sub.
func countLines(s, sub string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			n++
		}
	}
	return n
}
