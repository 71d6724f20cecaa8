package upstream

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// thirdParty is a server of another origin that records what reaches it.
type thirdParty struct {
	*httptest.Server
	mu  sync.Mutex
	got []string
}

func newThirdParty(t *testing.T) *thirdParty {
	tp := &thirdParty{}
	tp.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		tp.mu.Lock()
		tp.got = append(tp.got, r.Header.Get("Authorization")+" "+r.Header.Get("X-Api-Key")+" "+string(b))
		tp.mu.Unlock()
		w.WriteHeader(http.StatusNotFound)
	}))
	t.Cleanup(tp.Close)
	return tp
}

func (tp *thirdParty) received() []string {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return append([]string(nil), tp.got...)
}

// TestRedirectsAreNotFollowed: an HTTP connection
// never follows a redirect: neither its secret headers nor a call's
// arguments reach another origin, on the sync (initialize, tools/list)
// and on a call (through the SDK's client and the direct call); the
// failure names the Location's origin, and nothing of its path or query.
func TestRedirectsAreNotFollowed(t *testing.T) {
	tp := newThirdParty(t)
	s := newScenarioServer(t)
	redirect := func(w http.ResponseWriter, r *http.Request, _ string) {
		http.Redirect(w, r, tp.URL+"/mcp?token=LOCATIONSECRET", http.StatusTemporaryRedirect)
	}
	headers := map[string]string{"Authorization": "Bearer AUTHSECRET", "X-Api-Key": "HDRSECRET"}
	sp := Spec{Name: "redir", URL: s.URL, Headers: headers}
	check := func(t *testing.T, err error) {
		t.Helper()
		if err == nil {
			t.Fatal("a redirect was followed: no error")
		}
		msg := err.Error()
		if !strings.Contains(msg, tp.URL) || !strings.Contains(msg, "redirect") {
			t.Errorf("the error does not name the redirect's origin %s: %s", tp.URL, msg)
		}
		for _, secret := range []string{"LOCATIONSECRET", "AUTHSECRET", "HDRSECRET"} {
			if strings.Contains(msg, secret) {
				t.Errorf("the error holds %s: %s", secret, msg)
			}
		}
		if got := tp.received(); len(got) > 0 {
			t.Errorf("another origin received %d requests: %q", len(got), got)
		}
	}
	t.Run("sync", func(t *testing.T) {
		whole := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, tp.URL+"/mcp?token=LOCATIONSECRET", http.StatusTemporaryRedirect)
		}))
		defer whole.Close()
		p := NewPool(nil)
		defer p.Close()
		p.Timeout = 5 * time.Second
		_, err := p.ListTools(context.Background(), Spec{Name: "redir", URL: whole.URL, Headers: headers})
		check(t, err)
	})
	for _, direct := range []bool{false, true} {
		name := map[bool]string{false: "call through the sdk", true: "direct call"}[direct]
		t.Run(name, func(t *testing.T) {
			p := NewPool(nil)
			defer p.Close()
			p.Timeout = 5 * time.Second
			p.SetDirectCalls(direct)
			s.answer.Store(nil)
			if _, err := p.ListTools(context.Background(), sp); err != nil {
				t.Fatal(err)
			}
			a := answerer(redirect)
			s.answer.Store(&a)
			_, err := p.Call(context.Background(), sp, "echo", json.RawMessage(`{"text":"REDIRECTED-ARG"}`))
			check(t, err)
		})
	}
}

// TestHeadersStayWithTheirOrigin: a connection's headers are added only
// to requests for its own URL's origin.
func TestHeadersStayWithTheirOrigin(t *testing.T) {
	var seen []string
	base := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		seen = append(seen, r.URL.Host+"="+r.Header.Get("X-Api-Key"))
		return &http.Response{StatusCode: 200, Body: http.NoBody, Request: r}, nil
	})
	ht := newHeaderTransport("http://127.0.0.1:9/mcp", map[string]string{"X-Api-Key": "K"}, base, processMarker)
	for _, u := range []string{"http://127.0.0.1:9/mcp", "http://127.0.0.1:9/other", "http://127.0.0.2:9/mcp", "https://127.0.0.1:9/mcp", "http://127.0.0.1:10/mcp"} {
		req, _ := http.NewRequest(http.MethodPost, u, nil)
		if _, err := ht.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"127.0.0.1:9=K", "127.0.0.1:9=K", "127.0.0.2:9=", "127.0.0.1:9=", "127.0.0.1:10="}
	if strings.Join(seen, " ") != strings.Join(want, " ") {
		t.Errorf("headers sent: %v, want %v", seen, want)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
