package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestServerErrorsMaskWithTheConnectionsSet: a server's error is masked
// with its connection's secret set, built once per version of the
// connection (every call of one spec uses the same set), and a changed
// secret takes effect at the next call: the new value is masked.
func TestServerErrorsMaskWithTheConnectionsSet(t *testing.T) {
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	ctx := context.Background()
	call := func(sp Spec, secret string) {
		t.Helper()
		msg := "the key " + secret + " is refused"
		up.Fail.Store(&msg)
		_, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"x"}`))
		var se *ServerError
		if !errors.As(err, &se) {
			t.Fatalf("want a server error, got %v", err)
		}
		if strings.Contains(se.Message, secret) || !strings.Contains(se.Message, "[secret]") {
			t.Errorf("the server's error: %q, want %s masked", se.Message, secret)
		}
	}
	old := Spec{Name: "keyed", URL: up.URL, Headers: map[string]string{"X-Key": "first-key-0a1b2c3d"}}
	call(old, "first-key-0a1b2c3d")
	c1, _ := p.client(old)
	c2, _ := p.client(old)
	if c1.secrets != c2.secrets {
		t.Error("one version of a connection built its secret set twice")
	}
	changed := Spec{Name: "keyed", URL: up.URL, Headers: map[string]string{"X-Key": "second-key-4e5f6a7b"}}
	call(changed, "second-key-4e5f6a7b")
}
