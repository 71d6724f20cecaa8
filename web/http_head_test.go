package web

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// routeParams fills a route pattern's parameters with sample values
// (a longer name before its prefix: a replacer tries them in order).
var routeParams = strings.NewReplacer(":handle", "x", ":id", "1", ":slug", "x", ":digest", "x", ":version", "1",
	":rid", "1", ":name", "x", ":n", "1", ":run", "x", ":agent", "x", ":approval", "x", ":ref", "x", ":pid", "1", "*", "x")

// TestHeadAnswersLikeGet walks every GET route of the router: HEAD gets
// the status and content type GET gets, and no body (RFC 9110 §9.3.2),
// signed in, with the route's kind of API key, and with no credential.
func TestHeadAnswersLikeGet(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	keys := map[string]string{"": "", "read": h.apiKey(), "runtime": h.runtimeKey()}
	n := 0
	for _, r := range h.app.routes {
		if r.method != http.MethodGet {
			continue
		}
		n++
		path := routeParams.Replace(r.path)
		for _, key := range []string{"", keys[r.policy.scope]} {
			// asked for explicitly, so the client keeps Content-Encoding
			getReq, headReq := bearerRequest(t, http.MethodGet, h.srv.URL+path, key), bearerRequest(t, http.MethodHead, h.srv.URL+path, key)
			getReq.Header.Set("Accept-Encoding", "gzip")
			headReq.Header.Set("Accept-Encoding", "gzip")
			get, _ := admin.do(getReq)
			head, _ := admin.do(headReq)
			body, _ := io.ReadAll(head.Body)
			for _, name := range []string{"Content-Type", "Content-Encoding"} {
				if head.Header.Get(name) != get.Header.Get(name) {
					t.Errorf("HEAD %s (key %t): %s %q, GET: %q", path, key != "", name, head.Header.Get(name), get.Header.Get(name))
				}
			}
			if head.StatusCode != get.StatusCode || len(body) > 0 {
				t.Errorf("HEAD %s (key %t): %d with %d body bytes, GET: %d", path, key != "", head.StatusCode, len(body), get.StatusCode)
			}
		}
	}
	if n < 30 {
		t.Fatalf("walked %d GET routes, want the whole table", n)
	}
}

// TestUnauthorizedAPIChallenges: every 401 from an API or gateway route
// names the scheme to use (RFC 9110 §11.6.1, RFC 6750 §3): no
// credential, an unknown key; a key of too narrow a scope is a 403 that
// says which scope it needs.
func TestUnauthorizedAPIChallenges(t *testing.T) {
	h := sqliteOnly(t)
	read := h.apiKey()
	c := h.client()
	n := 0
	for _, r := range h.app.routes {
		if !r.policy.apiKey {
			continue
		}
		n++
		url := h.srv.URL + routeParams.Replace(r.path)
		cases := []struct {
			key, want string
			status    int
		}{
			{"", `Bearer realm="console"`, http.StatusUnauthorized},
			{"not-a-key", `Bearer realm="console", error="invalid_token", error_description="unknown or revoked API key"`, http.StatusUnauthorized},
		}
		if r.policy.scope == "runtime" {
			cases = append(cases, struct {
				key, want string
				status    int
			}{read, `Bearer realm="console", error="insufficient_scope", scope="runtime"`, http.StatusForbidden})
		}
		for _, tc := range cases {
			res, _ := c.do(bearerRequest(t, r.method, url, tc.key))
			if got := res.Header.Get("WWW-Authenticate"); res.StatusCode != tc.status || got != tc.want {
				t.Errorf("%s %s (key %q): %d WWW-Authenticate %q, want %d %q", r.method, r.path, tc.key, res.StatusCode, got, tc.status, tc.want)
			}
		}
	}
	if n < 10 {
		t.Fatalf("walked %d API routes, want the whole table", n)
	}
}

// bearerRequest is a request with the key as bearer (none when empty).
func bearerRequest(t *testing.T, method, url, key string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	return req
}
