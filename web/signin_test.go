package web

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// newHarnessWith is newHarness with a configuration tweak.
func newHarnessWith(t testing.TB, d modelstest.Dialect, tweak func(*Config)) *harness {
	t.Helper()
	store := modelstest.OpenSeeded(t, d, adminPassword, runtime.SeedTotals(sharedMeter))
	cfg := Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	tweak(&cfg)
	app := New(store, sharedMeter, cfg)
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(srv.Close)
	return &harness{t: t, srv: srv, store: store, app: app}
}

// signIn posts the sign-in form from a fresh browser, optionally through
// a proxy that names the client in X-Forwarded-For.
func signIn(h *harness, name, password, forwardedFor string) int {
	h.t.Helper()
	c := h.client()
	_, doc := c.get("/login")
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	req, _ := http.NewRequest(http.MethodPost, h.srv.URL+"/login", stringsReader(url.Values{"_csrf": {tok}, "username": {name}, "password": {password}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	res, _ := c.do(req)
	return res.StatusCode
}

// TestSignInThrottleCannotBeRaced: 30 concurrent wrong
// passwords for one account from one address: the attempt is counted
// before the password is checked, so at most the limit are checked (401)
// and the rest are refused (429), on both databases.
func TestSignInThrottleCannotBeRaced(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		c := h.client()
		_, doc := c.get("/login")
		tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
		var mu sync.Mutex
		counts := map[int]int{}
		var wg sync.WaitGroup
		for i := 0; i < 30; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest(http.MethodPost, h.srv.URL+"/login", stringsReader(url.Values{"_csrf": {tok}, "username": {"admin"}, "password": {"wrong password"}}.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				res, err := c.http.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				mu.Lock()
				counts[res.StatusCode]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if counts[http.StatusUnauthorized] > models.MaxFailuresPerAccount || counts[http.StatusUnauthorized]+counts[http.StatusTooManyRequests]+counts[http.StatusServiceUnavailable] != 30 {
			t.Fatalf("30 concurrent wrong passwords: %v; at most %d may be checked", counts, models.MaxFailuresPerAccount)
		}
		t.Logf("statuses: %v", counts)
	})
}

// TestOwnerNotLockedOutFromAnotherAddress: behind a proxy
// configured as trusted, a flood of wrong passwords from one address does
// not lock the owner out from another; the flooding address stays
// throttled. Without the setting, a client-sent X-Forwarded-For is ignored.
func TestOwnerNotLockedOutFromAnotherAddress(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			h := newHarnessWith(t, d, func(c *Config) { c.TrustedProxyHeader = "X-Forwarded-For" })
			for i := 0; i < models.MaxFailuresPerAccount+3; i++ {
				signIn(h, "admin", "wrong password", "203.0.113.9")
			}
			if st := signIn(h, "admin", adminPassword, "203.0.113.9"); st != http.StatusTooManyRequests {
				t.Errorf("the flooding address signs in: %d", st)
			}
			if st := signIn(h, "admin", adminPassword, "198.51.100.7"); st != http.StatusSeeOther {
				t.Fatalf("the owner from another address: %d, want 303", st)
			}
		})
	}
	t.Run("untrusted header", func(t *testing.T) {
		h := sqliteOnly(t)
		for i := 0; i < models.MaxFailuresPerAccount; i++ {
			signIn(h, "admin", "wrong password", "203.0.113.9")
		}
		if st := signIn(h, "admin", "wrong password", "198.51.100.7"); st != http.StatusTooManyRequests {
			t.Fatalf("a client-sent X-Forwarded-For changed the address: %d", st)
		}
	})
}

// TestAccountPasswordGuessesThrottled: guesses of the current
// password on the account page count like failed sign-ins.
func TestAccountPasswordGuessesThrottled(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("vera", models.RoleViewer)
	vera := h.login("vera", "vera-password")
	for i := 0; i < models.MaxFailuresPerAccount; i++ {
		if res, _ := vera.post("/account/password", url.Values{"current": {"guess-" + string(rune('a'+i))}, "password": {"new password 1"}, "confirm": {"new password 1"}}); res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("guess %d: %d", i, res.StatusCode)
		}
	}
	res, _ := vera.post("/account/password", url.Values{"current": {"vera-password"}, "password": {"new password 1"}, "confirm": {"new password 1"}})
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("after %d wrong guesses: %d, want 429", models.MaxFailuresPerAccount, res.StatusCode)
	}
}

func stringsReader(s string) io.Reader { return strings.NewReader(s) }

// TestOnePasswordLimit: a password longer than sign-in
// accepts cannot be set — not by an admin, not on the account page — and
// one at the limit can be set and then used.
func TestOnePasswordLimit(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("vera", models.RoleViewer)
	admin := h.login("admin", adminPassword)
	vera := mustUser(t, h, "vera")
	long := strings.Repeat("p", models.MaxPasswordLength+1)
	if res, _ := admin.post(fmt.Sprintf("/users/%d/password", vera.ID), url.Values{"password": {long}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("admin set a %d-byte password: %d", len(long), res.StatusCode)
	}
	v := h.login("vera", "vera-password")
	if res, _ := v.post("/account/password", url.Values{"current": {"vera-password"}, "password": {long}, "confirm": {long}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("account page set a %d-byte password: %d", len(long), res.StatusCode)
	}
	atLimit := long[:models.MaxPasswordLength]
	if res, _ := admin.post(fmt.Sprintf("/users/%d/password", vera.ID), url.Values{"password": {atLimit}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("admin set a password at the limit: %d", res.StatusCode)
	}
	if st := signIn(h, "vera", atLimit, ""); st != http.StatusSeeOther {
		t.Errorf("a password at the limit does not sign in: %d", st)
	}
}
