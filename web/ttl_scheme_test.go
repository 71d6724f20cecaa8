package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestBindingTTLExplicit: an absent ttl_seconds takes the default; an
// explicit 0 or a negative one is a 400 naming ttl_seconds, never
// silently the default.
func TestBindingTTLExplicit(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	for body, want := range map[string]int{
		`{"agent":"analyst","tool":"exec"}`:                     201,
		`{"agent":"analyst","tool":"exec","ttl_seconds":60}`:    201,
		`{"agent":"analyst","tool":"exec","ttl_seconds":0}`:     400,
		`{"agent":"analyst","tool":"exec","ttl_seconds":-5}`:    400,
		`{"agent":"analyst","tool":"exec","ttl_seconds":86401}`: 400,
		`{"agent":"analyst","tool":"exec","ttl_seconds":null}`:  400,
	} {
		res, out := h.api(http.MethodPost, "/api/v1/bindings", key, body)
		if res.StatusCode != want || (want == 400 && apiErrorOf(t, out).Field != "ttl_seconds") {
			t.Errorf("%s: %d %s, want %d", body, res.StatusCode, out, want)
		}
	}
	// authorize takes no ttl_seconds at all, not even 0
	if res, out := h.api(http.MethodPost, "/api/v1/authorize", key, `{"agent":"analyst","tool":"exec","ttl_seconds":0}`); res.StatusCode != 400 || apiErrorOf(t, out).Field != "ttl_seconds" {
		t.Errorf("authorize with ttl_seconds 0: %d %s", res.StatusCode, out)
	}
}

// TestBearerSchemeAnyCase: HTTP authentication schemes are
// case-insensitive (RFC 9110 §11.1): bearer, BEARER and Bearer all work.
func TestBearerSchemeAnyCase(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	for _, scheme := range []string{"Bearer", "bearer", "BEARER", "bEaReR"} {
		req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/api/v1/skills/quarterly-report", nil)
		req.Header.Set("Authorization", scheme+" "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s: %d", scheme, res.StatusCode)
		}
	}
	for _, h2 := range []string{"Basic " + key, "Bearer", "Bearer" + key, strings.ToUpper("bearer ")} {
		req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/api/v1/skills/quarterly-report", nil)
		req.Header.Set("Authorization", h2)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%.12q: %d, want 401", h2, res.StatusCode)
		}
	}
}
