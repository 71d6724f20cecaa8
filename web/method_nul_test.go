package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestAPIMethodNotAllowed: a known API path with a method it does not
// serve is a 405 with code method_not_allowed (never "internal"), with
// an Allow header; no 4xx of the API answers the code "internal".
func TestAPIMethodNotAllowed(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api/v1/authorize"},
		{http.MethodPut, "/api/v1/compose"},
		{http.MethodPost, "/api/v1/tools/search"},
		{http.MethodGet, "/api/v1/bindings/afb_x"},
		{http.MethodPatch, "/api/v1/runs/r1/calls"},
	} {
		res, out := h.api(c.method, c.path, key, nil)
		e := apiErrorOf(t, out)
		if res.StatusCode != http.StatusMethodNotAllowed || e.Code != "method_not_allowed" || res.Header.Get("Allow") == "" {
			t.Errorf("%s %s: %d %s (Allow %q)", c.method, c.path, res.StatusCode, out, res.Header.Get("Allow"))
		}
	}
	for status := 400; status < 500; status++ {
		if codeFor(status) == "internal" {
			t.Errorf("status %d answers code internal", status)
		}
	}
}

// TestAPINulNamesTheField: a NUL inside a string value is refused with a
// 400 naming the field that holds it, at any depth.
func TestAPINulNamesTheField(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	for body, field := range map[string]string{
		`{"agent":"ana\u0000lyst","tool":"exec"}`:                                          "agent",
		`{"agent":"analyst","tool":"exec","subject":{"id":"u\u00001"}}`:                    "subject.id",
		`{"agent":"analyst","tool":"exec","subject":{"id":"u1","groups":["a","b\u0000"]}}`: "subject.groups",
	} {
		res, out := h.api(http.MethodPost, "/api/v1/authorize", key, body)
		e := apiErrorOf(t, out)
		if res.StatusCode != http.StatusBadRequest || e.Field != field || !strings.Contains(e.Message, "NUL") {
			t.Errorf("%s: %d %s, want 400 naming %s", body, res.StatusCode, out, field)
		}
	}
}
