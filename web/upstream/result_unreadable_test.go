package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestUnreadableResultSaysTheServerAnswered: a server answering a call
// with a result that is not a tool result (content not a list, a block
// that is not an object) is an *UnreadableResultError on the direct
// route and through the SDK's client alike — the server answered, the
// call ran — never a failure to reach it; its session stays and serves
// the next call.
func TestUnreadableResultSaysTheServerAnswered(t *testing.T) {
	up := upstreamtest.New()
	defer up.Close()
	for _, direct := range []bool{true, false} {
		p := NewPool(nil)
		p.SetDirectCalls(direct)
		sp := Spec{Name: "odd", URL: up.URL}
		for _, res := range []string{`{"content":"notalist"}`, `{"content":[1]}`, `"text"`} {
			up.Result.Store(&res)
			_, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{"text":"hi"}`))
			var ur *UnreadableResultError
			var ue *UnavailableError
			if !errors.As(err, &ur) || errors.As(err, &ue) {
				t.Errorf("direct %v, result %s: %v (%T), want an unreadable result", direct, res, err, err)
			}
			up.Result.Store(nil)
			if got, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{"text":"hi"}`)); err != nil || len(got.Content) != 1 {
				t.Errorf("direct %v: the next call: %v", direct, err)
			}
		}
		p.Close()
	}
}
