package upstream

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// TestAnAbandonedCallIsCancelledUpstream: a direct call abandoned before
// its answer — its timeout passed, or its caller gone (the context
// cancelled) — sends notifications/cancelled naming the call's request
// id on its session, as the SDK's client does, so the server may stop
// the work nobody will read; on a timeout it goes before the pool closes
// the session. (The SDK's client sends its own in the background, so
// after a timeout the pool's close of the session may overtake it: that
// path is held to the caller-gone case.)
func TestAnAbandonedCallIsCancelledUpstream(t *testing.T) {
	s := newScenarioServer(t)
	never := answerer(func(_ http.ResponseWriter, r *http.Request, _ string) { <-r.Context().Done() })
	sp := Spec{Name: "scenarios", URL: s.URL}
	for _, direct := range []bool{false, true} {
		for _, how := range []string{"timeout", "caller gone"} {
			if !direct && how == "timeout" {
				continue
			}
			p := NewPool(nil)
			p.Timeout = 300 * time.Millisecond
			if how == "caller gone" {
				p.Timeout = time.Hour
			}
			p.SetDirectCalls(direct)
			s.answer.Store(nil)
			if _, err := p.ListTools(context.Background(), sp); err != nil {
				t.Fatal(err)
			}
			s.answer.Store(&never)
			ctx, cancel := context.WithCancel(context.Background())
			// cleared before the canceller starts: it waits for this call's
			// id, not the one an earlier call left
			s.lastID.Store(nil)
			if how == "caller gone" {
				go func() {
					for s.lastID.Load() == nil {
						time.Sleep(10 * time.Millisecond)
					}
					cancel()
				}()
			}
			if res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{}`)); err == nil {
				t.Errorf("direct %v, %s: an answer %+v", direct, how, res)
			}
			cancel()
			var id int64
			if last := s.lastID.Load(); last != nil {
				id, _ = strconv.ParseInt(*last, 10, 64)
			}
			select {
			case body := <-s.cancelled:
				var n struct {
					Params struct {
						RequestID int64  `json:"requestId"`
						Reason    string `json:"reason"`
					} `json:"params"`
				}
				if err := json.Unmarshal([]byte(body), &n); err != nil || n.Params.RequestID != id || n.Params.Reason == "" {
					t.Errorf("direct %v, %s: %s, want the call's id %d and a reason", direct, how, body, id)
				}
			case <-time.After(20 * time.Second):
				t.Errorf("direct %v, %s: no notifications/cancelled for call %d", direct, how, id)
			}
			p.Close()
		}
	}
}
