package upstream

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
)

// A test binary started with UPSTREAM_TEST_SERVER=initerr is a stdio
// server that answers initialize with a JSON-RPC error repeating its
// token (UPSTREAM_TEST_TOKEN), as a server printing its environment does.
func init() {
	if os.Getenv("UPSTREAM_TEST_SERVER") != "initerr" {
		return
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(in.Bytes(), &req) == nil && len(req.ID) > 0 {
			fmt.Printf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":%q}}`+"\n", req.ID, "cannot start: UPSTREAM_TEST_TOKEN="+os.Getenv("UPSTREAM_TEST_TOKEN"))
		}
	}
	os.Exit(0)
}

// TestStdioInitializeErrorIsMasked: a stdio server whose initialize error
// repeats its --env secret has it masked in the error the pool returns,
// in its health and in the log.
func TestStdioInitializeErrorIsMasked(t *testing.T) {
	const token = "stdio-env-secret-7f3a9c"
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var logs logBuffer
	p := NewPool(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer p.Close()
	hl := &healthLog{}
	p.OnHealth = hl.add
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "initerr", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "initerr", "UPSTREAM_TEST_TOKEN": token}}
	_, err = p.ListTools(context.Background(), sp)
	if err == nil {
		t.Fatal("a server failing initialize was listed")
	}
	h := hl.waitFor(t, false)
	for what, s := range map[string]string{"error": err.Error(), "health": h.Why, "log": logs.String()} {
		if strings.Contains(s, token) {
			t.Errorf("the env secret shows in the %s: %s", what, s)
		}
	}
	if !strings.Contains(err.Error(), "cannot start") {
		t.Errorf("the server's own words are lost: %v", err)
	}
}
