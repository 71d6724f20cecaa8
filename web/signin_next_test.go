package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestExpiredSessionReturnsToThePage: after the
// web session ends, an htmx request (the tool picker) is answered with
// HX-Redirect to the sign-in page returning to the page it came from
// (never a sign-in panel swapped into the form), a GET is redirected
// with the whole request as next, and a posted form is a 401 whose page
// links to sign-in returning to the form's page. next is only ever a
// same-origin local path; signing in lands on it.
func TestExpiredSessionReturnsToThePage(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	if err := h.store.Exec(context.Background(), "DELETE FROM sessions"); err != nil {
		t.Fatal(err)
	}
	signIn := func(page string) string { return "/login?next=" + url.QueryEscape(page) }
	hx := func(current string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/tools/pick?q=chart&for=profile", nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Current-URL", current)
		res, doc := c.do(req)
		if doc.Find(`input[name="password"]`).Length() > 0 {
			t.Errorf("HX-Current-URL %s: the sign-in panel is swapped into the fragment", current)
		}
		return res
	}
	for current, want := range map[string]string{
		h.srv.URL + "/profiles/new?agent=a&x=1": signIn("/profiles/new?agent=a&x=1"),
		"https://evil.example/steal":            signIn("/"),
		"":                                      signIn("/"),
		"javascript:alert(1)":                   signIn("/"),
	} {
		res := hx(current)
		if res.StatusCode != http.StatusUnauthorized || res.Header.Get("HX-Redirect") != want {
			t.Errorf("HX-Current-URL %q: %d HX-Redirect %q, want %q", current, res.StatusCode, res.Header.Get("HX-Redirect"), want)
		}
	}
	res, _ := c.get("/connections?a=1&b=2")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != signIn("/connections?a=1&b=2") {
		t.Errorf("GET: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	post := func(referer string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodPost, h.srv.URL+"/agents", strings.NewReader("slug=x"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Referer", referer)
		res, doc := c.do(req)
		href, _ := doc.Find(`[data-testid="sign-in-link"]`).Attr("href")
		return res, href
	}
	for referer, want := range map[string]string{h.srv.URL + "/agents/new": signIn("/agents/new"), "https://evil.example/x": signIn("/"), "//evil.example/x": signIn("/")} {
		if res, href := post(referer); res.StatusCode != http.StatusUnauthorized || href != want {
			t.Errorf("POST from %q: %d link %q, want %q", referer, res.StatusCode, href, want)
		}
	}
	// the link signs in and lands on the page
	_, doc := c.get(signIn("/agents/new"))
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	next, _ := doc.Find(`input[name="next"]`).Attr("value")
	res, _ = c.postForm("/login", url.Values{"_csrf": {tok}, "username": {"admin"}, "password": {adminPassword}, "next": {next}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/agents/new" {
		t.Errorf("sign-in from the link: %d %q (next field %q)", res.StatusCode, res.Header.Get("Location"), next)
	}
}
