package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestForwardedForIsTheAddressTheProxyAppended: behind a trusted proxy
// the client address is the one the proxy appended, the rightmost entry.
// Skipping private entries (echo's default) let a client on an internal
// network prepend any address: each guess looked like a new address
// (unlimited guesses), or its victim's (the victim locked out).
func TestForwardedForIsTheAddressTheProxyAppended(t *testing.T) {
	extract := ipExtractor("X-Forwarded-For")
	for _, tc := range []struct {
		xff  []string
		want string
	}{
		{[]string{"203.0.113.7, 10.0.0.5"}, "10.0.0.5"},
		{[]string{"10.0.0.9", "192.168.1.4"}, "192.168.1.4"},
		{[]string{"198.51.100.2"}, "198.51.100.2"},
		{[]string{"203.0.113.7, [2001:db8::1]"}, "2001:db8::1"},
		{[]string{"203.0.113.7, 10.0.0.5:51234"}, "10.0.0.5"},
		{[]string{"203.0.113.7, [2001:db8::2]:443"}, "2001:db8::2"},
		{[]string{"203.0.113.7, not-an-address"}, "127.0.0.1"},
		{[]string{"203.0.113.7, "}, "127.0.0.1"},
		{nil, "127.0.0.1"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.RemoteAddr = "127.0.0.1:4000"
		for _, v := range tc.xff {
			req.Header.Add("X-Forwarded-For", v)
		}
		if got := extract(req); got != tc.want {
			t.Errorf("X-Forwarded-For %q: %s, want %s", tc.xff, got, tc.want)
		}
	}
}

// TestInternalClientCannotSpreadGuessesOverAddresses: a client on a
// private network behind the proxy, prepending a new address to each
// guess, is throttled as its own address.
func TestInternalClientCannotSpreadGuessesOverAddresses(t *testing.T) {
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) { c.TrustedProxyHeader = "X-Forwarded-For" })
	throttled := 0
	for i := 0; i < models.MaxFailuresPerAccount+5; i++ {
		if signIn(h, "admin", "wrong password", fmt.Sprintf("203.0.113.%d, 10.0.0.5", i+1)) == http.StatusTooManyRequests {
			throttled++
		}
	}
	if throttled == 0 {
		t.Fatalf("%d wrong guesses from 10.0.0.5 behind the proxy, none throttled", models.MaxFailuresPerAccount+5)
	}
	if st := signIn(h, "admin", adminPassword, "198.51.100.7, 10.0.0.6"); st != http.StatusSeeOther {
		t.Fatalf("the owner from another internal address: %d, want 303", st)
	}
}
