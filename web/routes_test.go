package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestEveryRouteHasAPolicy walks the router: every registered route must
// come from the route table, where each declares its policy.
func TestEveryRouteHasAPolicy(t *testing.T) {
	h := sqliteOnly(t)
	declared := map[string]bool{}
	for _, r := range withHead(h.app.routes) {
		declared[r.method+" "+r.path] = true
		if !r.policy.public && len(r.policy.roles) == 0 && r.policy.roles != nil {
			t.Errorf("%s %s: empty role list", r.method, r.path)
		}
	}
	for _, r := range h.app.echo.Routes() {
		if !declared[r.Method+" "+r.Path] {
			t.Errorf("route %s %s is not in the route table (no policy)", r.Method, r.Path)
		}
	}
}

// TestViewerGetsForbiddenOnEveryStateChange: viewers are read-only.
func TestViewerGetsForbiddenOnEveryStateChange(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("victor", models.RoleViewer)
	c := h.login("victor", "victor-password")
	for _, r := range h.app.routes {
		if safeMethod(r.method) || r.policy.public || r.policy.self {
			continue
		}
		path := strings.NewReplacer(":handle", "x", ":id", "1", ":slug", "x", ":digest", "x", ":version", "1", ":rid", "1").Replace(r.path)
		want := http.StatusForbidden
		if r.policy.apiKey {
			want = http.StatusUnauthorized // a session is no credential for the API
		}
		form := url.Values{"_csrf": {c.csrf}}
		req, _ := http.NewRequest(r.method, c.h.srv.URL+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if res, _ := c.do(req); res.StatusCode != want {
			t.Errorf("viewer %s %s: %d, want %d", r.method, path, res.StatusCode, want)
		}
	}
}

func TestSecurityHeadersOnEveryPage(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	for _, p := range []string{"/", "/login", "/forge", "/catalog", "/catalog/tools/exec", "/users", "/audit", "/catalog/import", "/nope", "/healthz"} {
		res, _ := c.get(p)
		hd := res.Header
		csp := hd.Get("Content-Security-Policy")
		if !strings.Contains(csp, "object-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q", p, csp)
		}
		if hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("Referrer-Policy") == "" || hd.Get("X-Request-Id") == "" {
			t.Errorf("%s: headers %v", p, hd)
		}
	}
	// the cookie jar hides attributes: check them on the raw Set-Cookie
	fresh := h.client()
	_, doc := fresh.get("/login")
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	res, _ := fresh.postForm("/login", url.Values{"_csrf": {tok}, "username": {"admin"}, "password": {adminPassword}})
	set := res.Header.Get("Set-Cookie")
	if !strings.Contains(set, "HttpOnly") || !strings.Contains(set, "SameSite=Lax") {
		t.Errorf("session cookie attributes: %s", set)
	}
}

func TestErrorPagesRevealNoInternals(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	res, doc := c.get("/catalog/tools/does_not_exist")
	if res.StatusCode != http.StatusNotFound || doc.Find(`[data-testid="error"]`).Length() != 1 {
		t.Fatalf("404 page: %d", res.StatusCode)
	}
	res, doc = c.getHX("/nope")
	if res.StatusCode != http.StatusNotFound || doc.Find("header.top").Length() != 0 {
		t.Errorf("htmx error is not a fragment")
	}
	if vary := strings.Join(res.Header.Values("Vary"), ","); !strings.Contains(vary, "HX-Request") {
		t.Errorf("Vary = %q", vary)
	}
}

func TestStaticAssetsAreVersionedAndCached(t *testing.T) {
	h := sqliteOnly(t)
	c := h.client()
	_, doc := c.get("/login")
	src, _ := doc.Find(`script[src*="htmx"]`).Attr("src")
	res, _ := c.get(src)
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("%s: %d %v", src, res.StatusCode, res.Header)
	}
	if res, _ := c.get("/static/" + h.app.assets + "/../../go.mod"); res.StatusCode != http.StatusNotFound {
		t.Errorf("path traversal: %d", res.StatusCode)
	}
}

func TestHealthAndReadiness(t *testing.T) {
	h := sqliteOnly(t)
	c := h.client()
	if res, _ := c.get("/healthz"); res.StatusCode != http.StatusOK {
		t.Error("healthz")
	}
	if res, _ := c.get("/readyz"); res.StatusCode != http.StatusOK {
		t.Error("readyz")
	}
	h.store.Close()
	if res, _ := c.get("/readyz"); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("readyz with the database closed: %d", res.StatusCode)
	}
}

func TestLogLinesCarryTheRequestID(t *testing.T) {
	var buf strings.Builder
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&lockedWriter{w: &buf}, nil))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	c := h.client()
	_, doc := c.get("/login")
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	res, _ := c.postForm("/login", url.Values{"_csrf": {tok}, "username": {"admin"}, "password": {"wrong"}})
	id := res.Header.Get("X-Request-Id")
	var failed, request bool
	for _, line := range strings.Split(buf.String(), "\n") {
		if strings.Contains(line, "sign-in failed") {
			failed = strings.Contains(line, "request_id="+id)
		}
		if strings.Contains(line, "msg=request") && strings.Contains(line, "path=/login") && strings.Contains(line, "status=401") {
			request = strings.Contains(line, "request_id="+id)
		}
	}
	if !failed || !request {
		t.Errorf("log lines lack request id %s:\n%s", id, buf.String())
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
