package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

// TestNetworkErrorsShowOnlyTheOrigin: a
// connection's URL may hold a token in its path or query; when the
// server cannot be reached the error names the URL's origin only, and
// is still an UnavailableError.
func TestNetworkErrorsShowOnlyTheOrigin(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 5 * time.Second
	health := make(chan Health, 8)
	p.OnHealth = func(_ string, h Health) { health <- h }
	sp := Spec{Name: "gone", URL: "http://" + addr + "/tenant-7f3a9/mcp?api_key=tok-SECRET-1&x=y"}
	_, err = p.Call(context.Background(), sp, "pid", json.RawMessage(`{}`))
	if err == nil {
		t.Fatal("a call to a closed port answered")
	}
	msg := err.Error()
	for _, secret := range []string{"tok-SECRET-1", "tenant-7f3a9", "api_key"} {
		if strings.Contains(msg, secret) {
			t.Errorf("the error quotes %q of the URL: %s", secret, msg)
		}
	}
	if !strings.Contains(msg, "http://"+addr) {
		t.Errorf("the error does not name the origin: %s", msg)
	}
	var ue *UnavailableError
	if !errors.As(err, &ue) {
		t.Errorf("the error is no longer an UnavailableError: %T", err)
	}
	// the status kept for the Connections page, the CLI and the API says
	// why with the origin only, too
	select {
	case h := <-health:
		for _, secret := range []string{"tok-SECRET-1", "tenant-7f3a9", "api_key"} {
			if strings.Contains(h.Why, secret) {
				t.Errorf("the connection's status quotes %q of the URL: %s", secret, h.Why)
			}
		}
		if h.Up || !strings.Contains(h.Why, "http://"+addr) {
			t.Errorf("the status of a refused connection: %+v", h)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no status was reported for a refused connection")
	}
}
