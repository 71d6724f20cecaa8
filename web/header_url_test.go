package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRequestValuesInHeadersAreBounded: a URL the console builds from a
// request's values and puts in a response header (htmx's push and
// replace, a redirect's Location) stays within maxHeaderURL: the run
// simulator copied 140 KB of searches into HX-Push-Url, a 100,226-byte
// header line that clients refuse and proxies answer 502. A push or
// replace that would not fit is left out; a redirect keeps its path.
func TestRequestValuesInHeadersAreBounded(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	long := "agent=analyst&deferred=1" + strings.Repeat("&rq="+url.QueryEscape("draw a chart of the table rows"), 3000)
	check := func(what string, res *http.Response, want int) {
		t.Helper()
		if res.StatusCode != want {
			t.Fatalf("%s: %d, want %d", what, res.StatusCode, want)
		}
		for k, vs := range res.Header {
			for _, v := range vs {
				if len(v) > maxHeaderURL {
					t.Errorf("%s: %s is %d bytes", what, k, len(v))
				}
			}
		}
	}
	for _, path := range []string{"/forge/run?", "/forge?"} {
		req, _ := http.NewRequest(http.MethodGet, h.srv.URL+path+long, nil)
		req.Header.Set("HX-Request", "true")
		res, _ := c.do(req)
		check(path, res, http.StatusOK)
		if path == "/forge/run?" && res.Header.Get("HX-Push-Url") != "" {
			t.Errorf("%s: a URL header that does not fit is sent cut", path)
		}
	}
	// a short state is still pushed
	req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/forge/run?agent=analyst&deferred=1&rq=chart", nil)
	req.Header.Set("HX-Request", "true")
	if res, _ := c.do(req); !strings.Contains(res.Header.Get("HX-Push-Url"), "rq=chart") {
		t.Fatalf("short push: %q", res.Header.Get("HX-Push-Url"))
	}
	// signed out: the sign-in redirect keeps the path
	anon := h.client()
	res, _ := anon.get("/forge?" + long)
	check("signed out", res, http.StatusSeeOther)
	if loc := res.Header.Get("Location"); loc != "/login?next="+url.QueryEscape("/forge") {
		t.Fatalf("signed out: Location %.200q", loc)
	}
	req, _ = http.NewRequest(http.MethodGet, h.srv.URL+"/forge/run?"+long, nil)
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Current-URL", h.srv.URL+"/forge?"+long)
	res, _ = anon.do(req)
	check("signed out, htmx", res, http.StatusUnauthorized)
	if loc := res.Header.Get("HX-Redirect"); loc != "/login?next="+url.QueryEscape("/forge") {
		t.Fatalf("signed out, htmx: HX-Redirect %.200q", loc)
	}
	// signing in with such a page to return to
	fresh := h.client()
	_, doc := fresh.get("/login")
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	res, _ = fresh.postForm("/login", url.Values{"_csrf": {tok}, "username": {"viewer1"}, "password": {"viewer1-password"}, "next": {"/forge?" + long}})
	check("sign-in", res, http.StatusSeeOther)
	if loc := res.Header.Get("Location"); loc != "/forge" {
		t.Fatalf("sign-in: Location %.200q", loc)
	}
}
