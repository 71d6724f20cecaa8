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
	for _, table := range []string{"audit_events", "users", "tools", "agents", "profile_versions", "skill_versions", "proposals", "reviews", "api_keys", "skill_labels"} {
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
// token, a bad token, a cross-site request, the viewer role, an API key}
// is refused (401/403) and changes no row.
func TestStateChangeSweep(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("vera", models.RoleViewer)
	admin := h.login("admin", adminPassword)
	viewer := h.login("vera", "vera-password")
	key := h.apiKey()
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
