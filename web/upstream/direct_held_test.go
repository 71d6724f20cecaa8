package upstream

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestADirectCallReturnsOnItsResponseOnAHeldStream (review finding): an
// upstream that answers a call on an event stream and then keeps the
// stream open must not hold the call until the pool's timeout — the SDK's
// client returns on the response, so the direct call must too. The
// timeout is an hour: a call that waits for it never returns within the
// test's own deadline (no timing assertion, only completion).
func TestADirectCallReturnsOnItsResponseOnAHeldStream(t *testing.T) {
	s := newScenarioServer(t)
	release := make(chan struct{})
	defer close(release)
	held := answerer(func(w http.ResponseWriter, r *http.Request, id string) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, `data: {"jsonrpc":"2.0","id":`+id+`,"result":{"content":[{"type":"text","text":"answered"}]}}`+"\n\n")
		w.(http.Flusher).Flush()
		select { // the stream stays open after the response
		case <-release:
		case <-r.Context().Done():
		}
	})
	sp := Spec{Name: "scenarios", URL: s.URL}
	for _, direct := range []bool{false, true} {
		p := NewPool(nil)
		p.Timeout = time.Hour
		p.SetDirectCalls(direct)
		s.answer.Store(nil)
		if _, err := p.ListTools(context.Background(), sp); err != nil {
			t.Fatal(err)
		}
		s.answer.Store(&held)
		done := make(chan string, 1)
		go func() {
			res, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{}`))
			done <- outcome(res, err)
		}()
		select {
		case got := <-done:
			if !strings.Contains(got, "answered") {
				t.Errorf("direct %v: %s", direct, clipped(got))
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("direct %v: the call did not return on its response while the stream stayed open", direct)
		}
		p.Close()
	}
}
