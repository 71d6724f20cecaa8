package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// rowCounts counts the rows every state change touches: each mutation
// writes an audit event, and the workflow tables hold the rest.
func rowCounts(t *testing.T, h *harness) map[string]int64 {
	ctx := context.Background()
	out := map[string]int64{}
	for _, table := range []string{"audit_events", "users", "tools", "agents", "profile_versions", "skill_versions", "proposals", "reviews", "api_keys", "skill_labels", "subject_groups", "group_versions", "bindings"} {
		var n int64
		rows, err := h.store.Raw(ctx, "SELECT COUNT(*) FROM "+table)
		if err != nil {
			t.Fatal(err)
		}
		n = rows
		out[table] = n
	}
	return out
}

// TestStateChangeSweep: every state-changing console route × {no CSRF
// token, a bad token, a token only in the URL, a cross-site request, the
// viewer role, an API key}
// is refused (401/403) and changes no row.
func TestStateChangeSweep(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("vera", models.RoleViewer)
	admin := h.login("admin", adminPassword)
	viewer := h.login("vera", "vera-password")
	key := h.apiKey()
	runtimeKey := h.runtimeKey()
	before := rowCounts(t, h)
	form := url.Values{"username": {"eve"}, "password": {"long enough pw"}, "roles": {"admin"}, "name": {"x"}, "slug": {"x"}, "tools": {"read_file"},
		"tier": {"full"}, "catalog_form": {"full"}, "base": {"1"}, "version": {"1"}, "expected": {"2"}, "reason": {"because"}, "kind": {"approve"},
		"status": {"available"}, "summary": {"s"}, "procedure": {"p"}, "revision": {"1"}, "digest": {"x"}, "disabled": {"true"}, "format": {"mcp"}, "namespace": {"x"}, "document": {"{}"}}
	variants := map[string]func(path string) (*http.Response, error){
		"no token": func(path string) (*http.Response, error) {
			return postRaw(admin, path, form, nil)
		},
		"bad token": func(path string) (*http.Response, error) {
			f := cloneForm(form)
			f.Set("_csrf", "forged")
			return postRaw(admin, path, f, nil)
		},
		// a CSRF token never travels in a URL: one there counts for nothing
		"token only in the URL": func(path string) (*http.Response, error) {
			return postRaw(admin, path+"?_csrf="+url.QueryEscape(admin.csrf), form, nil)
		},
		"cross-site": func(path string) (*http.Response, error) {
			f := cloneForm(form)
			f.Set("_csrf", admin.csrf)
			return postRaw(admin, path, f, map[string]string{"Sec-Fetch-Site": "cross-site"})
		},
		"viewer": func(path string) (*http.Response, error) {
			f := cloneForm(form)
			f.Set("_csrf", viewer.csrf)
			return postRaw(viewer, path, f, nil)
		},
		"api key": func(path string) (*http.Response, error) {
			return postRaw(h.client(), path, form, map[string]string{"Authorization": "Bearer " + key})
		},
		// whatever its scope, no key approves, promotes, rolls back or edits
		"runtime api key": func(path string) (*http.Response, error) {
			return postRaw(h.client(), path, form, map[string]string{"Authorization": "Bearer " + runtimeKey})
		},
		"runtime api key with a session's CSRF token": func(path string) (*http.Response, error) {
			f := cloneForm(form)
			f.Set("_csrf", admin.csrf)
			return postRaw(h.client(), path, f, map[string]string{"Authorization": "Bearer " + runtimeKey, "X-CSRF-Token": admin.csrf})
		},
	}
	checked := 0
	for _, r := range h.app.routes {
		if safeMethod(r.method) || r.policy.public || r.policy.apiKey || r.path == "/logout" {
			continue
		}
		path := strings.NewReplacer(":id", "5", ":slug", "data-analyst", ":version", "1", ":rid", "1").Replace(r.path)
		if strings.HasPrefix(r.path, "/skills/") {
			path = strings.Replace(path, "data-analyst", "source-check", 1)
		}
		for name, send := range variants {
			if name == "viewer" && r.policy.self {
				continue // a viewer may change their own password
			}
			res, err := send(path)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusForbidden && res.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s %s with %s: %d, want 403", r.method, path, name, res.StatusCode)
			}
			checked++
		}
	}
	after := rowCounts(t, h)
	for table, n := range before {
		if after[table] != n {
			t.Errorf("%s: %d rows before the sweep, %d after", table, n, after[table])
		}
	}
	t.Logf("%d refused requests, 0 rows changed", checked)
}

func cloneForm(f url.Values) url.Values {
	out := url.Values{}
	for k, v := range f {
		out[k] = append([]string(nil), v...)
	}
	return out
}

func postRaw(c *client, path string, form url.Values, headers map[string]string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPost, c.h.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	return res, nil
}

// FuzzFormRoutes posts arbitrary text into every field of every
// state-changing form as an admin: no 5xx, ever.
func FuzzFormRoutes(f *testing.F) {
	f.Add(uint8(0), "x")
	f.Add(uint8(3), strings.Repeat("é", 300))
	f.Add(uint8(7), "<|endoftext|>\x00\xff")
	f.Add(uint8(11), "-1")
	f.Add(uint8(13), "read_file\nexec\nnope")
	h := sqliteOnly(f)
	admin := h.login("admin", adminPassword)
	var routes []route
	for _, r := range h.app.routes {
		if !safeMethod(r.method) && !r.policy.public && !r.policy.apiKey && !r.policy.self && r.path != "/users/:id/disable" && r.path != "/users/:id/roles" && r.path != "/users/:id/password" {
			routes = append(routes, r)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, payload string) {
		r := routes[int(which)%len(routes)]
		path := strings.NewReplacer(":id", "5", ":slug", "data-analyst", ":version", "1", ":rid", "1").Replace(r.path)
		form := url.Values{}
		for _, k := range []string{"username", "password", "roles", "name", "slug", "tools", "tier", "catalog_form", "base", "version", "expected", "reason", "kind", "status",
			"summary", "procedure", "required_tools", "revision", "digest", "disabled", "format", "namespace", "document", "declared", "services", "default_profile", "pins", "message", "state", "comment", "agent"} {
			form.Set(k, payload)
		}
		form.Set("_csrf", admin.csrf)
		res, err := postRaw(admin, path, form, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode >= 500 {
			t.Fatalf("POST %s with %q: %d", path, payload, res.StatusCode)
		}
	})
}

// TestAPIScopeSweep: every runtime API route × {read key, runtime key,
// session, nothing}: only a runtime key passes the route's policy; every
// read route takes both scopes; no API route is a console mutation.
func TestAPIScopeSweep(t *testing.T) {
	h := sqliteOnly(t)
	read, runtime := h.apiKey(), h.runtimeKey()
	admin := h.login("admin", adminPassword)
	checked := 0
	for _, r := range h.app.routes {
		if !r.policy.apiKey {
			continue
		}
		// the MCP gateway sits at /mcp/{agent}, as MCP clients expect, and
		// the metrics at /metrics, where a Prometheus scraper looks
		if !strings.HasPrefix(r.path, "/api/v1/") && !strings.HasPrefix(r.path, "/mcp/") && r.path != "/metrics" {
			t.Errorf("%s %s takes API keys outside /api/v1 and /mcp", r.method, r.path)
		}
		path := strings.NewReplacer(":agent", "analyst", ":run", "r1", ":handle", "afb_x", ":digest", strings.Repeat("0", 64), ":slug", "source-check").Replace(r.path)
		send := func(c *client, key string) int {
			req, _ := http.NewRequest(r.method, h.srv.URL+path, strings.NewReader(`{}`))
			req.Header.Set("Content-Type", "application/json")
			if key != "" {
				req.Header.Set("Authorization", "Bearer "+key)
			}
			res, err := c.http.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		if code := send(admin, ""); code != http.StatusUnauthorized {
			t.Errorf("%s %s with a session and no key: %d, want 401", r.method, path, code)
		}
		if code := send(h.client(), ""); code != http.StatusUnauthorized {
			t.Errorf("%s %s with nothing: %d, want 401", r.method, path, code)
		}
		readCode, runtimeCode := send(h.client(), read), send(h.client(), runtime)
		switch r.policy.scope {
		case models.ScopeRuntime:
			if readCode != http.StatusForbidden {
				t.Errorf("%s %s with a read key: %d, want 403", r.method, path, readCode)
			}
		case models.ScopeRead:
			if readCode == http.StatusForbidden || readCode == http.StatusUnauthorized {
				t.Errorf("%s %s with a read key: %d", r.method, path, readCode)
			}
		default:
			t.Errorf("%s %s: an API route without a scope", r.method, path)
		}
		if runtimeCode == http.StatusForbidden || runtimeCode == http.StatusUnauthorized {
			t.Errorf("%s %s with a runtime key: %d", r.method, path, runtimeCode)
		}
		checked++
	}
	if checked < 7 {
		t.Fatalf("only %d API routes swept", checked)
	}
	t.Logf("%d API routes × 4 credentials", checked)
}
