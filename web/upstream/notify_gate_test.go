package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestNotificationFloodIsNotDecoded: a stdio server that sends 50,000
// log notifications before its answer costs the console a decode for
// at most the gate's burst and rate, not one per line: the call is
// answered, and a call to another server beside it too.
func TestNotificationFloodIsNotDecoded(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 60 * time.Second
	sp := Spec{Name: "flooder", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	other := Spec{Name: "quiet", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	pidOf(t, p, sp)
	pidOf(t, p, other)
	const sent = 50000
	before := linesDecoded.Load()
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		res, err := p.Call(context.Background(), sp, "spam", json.RawMessage(`{"n":50000,"log":true}`))
		if err == nil && res.Content[0].(*mcp.TextContent).Text != "spammed" {
			err = errors.New("the call answered " + res.Content[0].(*mcp.TextContent).Text)
		}
		done <- err
	}()
	pidOf(t, p, other) // the other server answers meanwhile
	if err := <-done; err != nil {
		t.Fatalf("the call that came with the flood: %v", err)
	}
	took := time.Since(start)
	decoded := linesDecoded.Load() - before
	if most := int64(2*notifyBurst+2*notifyRate*(took.Seconds()+1)) + 20; decoded > most {
		t.Errorf("%d of %d flooded lines were decoded in %s, want at most %d", decoded, sent, took, most)
	}
	if p.NotificationsDropped(sp.Name) < sent/2 {
		t.Errorf("%d notifications dropped of %d", p.NotificationsDropped(sp.Name), sent)
	}
}

// TestNotificationMethod: the scan names the method of a notification
// only, and leaves everything it cannot tell to the decoder.
func TestNotificationMethod(t *testing.T) {
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"id":1,"data":"x"}}`:         "notifications/message",
		` {"params":{"a":[1,{"method":"x"}]},"method":"notifications/tools/list_changed"}` + "\n": "notifications/tools/list_changed",
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`:                                                "",
		`{"method":"ping","jsonrpc":"2.0","id":"7"}`:                                              "",
		`{"jsonrpc":"2.0","id":3,"result":{"method":"x"}}`:                                        "",
		`{"jsonrpc":"2.0","method":"notif\u0069cations/message"}`:                                 "",
		`{"jsonrpc":"2.0","method":"a","method":"b"}`:                                             "",
		`{"jsonrpc":"2.0","params":{"id":2},"data":"\"id\"","method":"m"}`:                        "m",
		`{"jsonrpc":"2.0","method":"m"`:                                                           "",
		`["method"]`:                                                                              "",
	} {
		got, ok := notificationMethod([]byte(line))
		if got != want || ok != (want != "") {
			t.Errorf("%s: %q %v, want %q", line, got, ok, want)
		}
	}
}
