package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

const adminPassword = "admin-password-1"

// sharedMeter keeps tokenizer ranks loaded across tests.
var sharedMeter = meter.New(200000)

type harness struct {
	t     testing.TB
	srv   *httptest.Server
	store *models.Store
	app   *Server
}

func newHarness(t testing.TB, d modelstest.Dialect) *harness {
	t.Helper()
	store := modelstest.OpenSeeded(t, d, adminPassword, runtime.SeedTotals(sharedMeter))
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(srv.Close)
	return &harness{t: t, srv: srv, store: store, app: app}
}

// eachDialect runs fn against a console on SQLite and, when configured,
// on Postgres.
func eachDialect(t *testing.T, fn func(t *testing.T, h *harness)) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { fn(t, newHarness(t, d)) })
	}
}

// sqliteOnly runs fn on SQLite: for web behaviour that does not depend on
// the database.
func sqliteOnly(t testing.TB) *harness {
	return newHarness(t, modelstest.Dialect{Name: models.DialectSQLite})
}

func (h *harness) addUser(name string, roles ...models.Role) {
	h.t.Helper()
	if _, err := h.store.CreateUser(context.Background(), "test", models.NewUserInput{Username: name, Password: name + "-password", Roles: roles}); err != nil {
		h.t.Fatal(err)
	}
}

type client struct {
	h    *harness
	http *http.Client
	csrf string
}

func (h *harness) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{h: h, http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// login signs in through the form, as a browser would.
func (h *harness) login(name, password string) *client {
	h.t.Helper()
	c := h.client()
	res, doc := c.get("/login")
	if res.StatusCode != http.StatusOK {
		h.t.Fatalf("GET /login: %d", res.StatusCode)
	}
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	res, _ = c.postForm("/login", url.Values{"_csrf": {tok}, "username": {name}, "password": {password}})
	if res.StatusCode != http.StatusSeeOther {
		h.t.Fatalf("login %s: status %d", name, res.StatusCode)
	}
	_, doc = c.get("/")
	c.csrf, _ = doc.Find(`meta[name="csrf-token"]`).Attr("content")
	if c.csrf == "" {
		h.t.Fatalf("login %s: no CSRF token on the dashboard", name)
	}
	return c
}

func (c *client) do(req *http.Request) (*http.Response, *goquery.Document) {
	c.h.t.Helper()
	res, doc, err := c.tryDo(req)
	if err != nil {
		c.h.t.Fatal(err)
	}
	return res, doc
}

// tryDo is do returning a failed request's error, for goroutines (which
// must not end the test).
func (c *client) tryDo(req *http.Request) (*http.Response, *goquery.Document, error) {
	res, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(string(body)))
	res.Body = io.NopCloser(strings.NewReader(string(body)))
	return res, doc, nil
}

func (c *client) get(path string) (*http.Response, *goquery.Document) {
	req, _ := http.NewRequest(http.MethodGet, c.h.srv.URL+path, nil)
	return c.do(req)
}

func (c *client) getHX(path string) (*http.Response, *goquery.Document) {
	req, _ := http.NewRequest(http.MethodGet, c.h.srv.URL+path, nil)
	req.Header.Set("HX-Request", "true")
	return c.do(req)
}

// postForm posts without adding a CSRF token (the caller decides).
func (c *client) postForm(path string, form url.Values) (*http.Response, *goquery.Document) {
	req, _ := http.NewRequest(http.MethodPost, c.h.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.do(req)
}

// post posts with the session's CSRF token.
func (c *client) post(path string, form url.Values) (*http.Response, *goquery.Document) {
	c.h.t.Helper()
	res, doc, err := c.tryPost(path, form)
	if err != nil {
		c.h.t.Fatal(err)
	}
	return res, doc
}

// tryPost is post returning a failed request's error, for goroutines.
func (c *client) tryPost(path string, form url.Values) (*http.Response, *goquery.Document, error) {
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", c.csrf)
	req, _ := http.NewRequest(http.MethodPost, c.h.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.tryDo(req)
}

type goquerySelection = goquery.Selection

func doc(html string) *goquery.Document {
	d, _ := goquery.NewDocumentFromReader(strings.NewReader(html))
	return d
}

func urlQueryEscape(s string) string { return url.QueryEscape(s) }
