package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

func TestLoginLogout(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		c := h.login("admin", adminPassword)
		res, doc := c.get("/")
		if res.StatusCode != http.StatusOK || doc.Find(`[data-testid="whoami"]`).Text() != "admin" {
			t.Fatalf("dashboard: %d %q", res.StatusCode, doc.Find(`[data-testid="whoami"]`).Text())
		}
		old := c.http.Jar.Cookies(mustURL(h.srv.URL))
		res, _ = c.post("/logout", nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("logout: %d", res.StatusCode)
		}
		// replaying the old session cookie no longer works
		replay := h.client()
		replay.http.Jar.SetCookies(mustURL(h.srv.URL), old)
		res, _ = replay.get("/")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
			t.Fatalf("old session still valid: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
	})
}

func TestLoginRenewsSessionID(t *testing.T) {
	h := sqliteOnly(t)
	a := h.login("admin", adminPassword)
	first := sessionCookieValue(h, a)
	// signing in again from the same browser gives a new id and ends the old
	if res, _ := a.postForm("/login", url.Values{"_csrf": {a.csrf}, "username": {"admin"}, "password": {adminPassword}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("second sign-in: %d", res.StatusCode)
	}
	if second := sessionCookieValue(h, a); second == first || second == "" {
		t.Fatal("session id not renewed at sign-in")
	}
	stale := h.client()
	stale.http.Jar.SetCookies(mustURL(h.srv.URL), []*http.Cookie{{Name: sessionCookie, Value: first, Path: "/"}})
	if res, _ := stale.get("/"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the old session id still works after a new sign-in: %d", res.StatusCode)
	}
}

func sessionCookieValue(h *harness, c *client) string {
	for _, ck := range c.http.Jar.Cookies(mustURL(h.srv.URL)) {
		if ck.Name == sessionCookie {
			return ck.Value
		}
	}
	return ""
}

func TestBadPasswordAndThrottle(t *testing.T) {
	h := sqliteOnly(t)
	c := h.client()
	_, doc := c.get("/login")
	tok, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	for i := 0; i < models.MaxFailuresPerAccount; i++ {
		res, doc := c.postForm("/login", url.Values{"_csrf": {tok}, "username": {"admin"}, "password": {"wrong"}})
		if res.StatusCode != http.StatusUnauthorized || !strings.Contains(doc.Find(`[data-testid="login-error"]`).Text(), "Wrong username or password") {
			t.Fatalf("attempt %d: %d", i, res.StatusCode)
		}
		tok, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
	}
	res, _ := c.postForm("/login", url.Values{"_csrf": {tok}, "username": {"admin"}, "password": {adminPassword}})
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("throttled account signed in: %d", res.StatusCode)
	}
}

func TestLoginWithoutCSRFRefused(t *testing.T) {
	h := sqliteOnly(t)
	res, _ := h.client().postForm("/login", url.Values{"username": {"admin"}, "password": {adminPassword}})
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("login without token: %d", res.StatusCode)
	}
}

func TestViewerForbiddenOnAdminPages(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		h.addUser("victor", models.RoleViewer)
		c := h.login("victor", "victor-password")
		for _, p := range []string{"/users", "/catalog/import", "/catalog/review", "/audit"} {
			if res, _ := c.get(p); res.StatusCode != http.StatusForbidden {
				t.Errorf("viewer GET %s: %d", p, res.StatusCode)
			}
		}
		res, doc := c.post("/users", url.Values{"username": {"eve"}, "password": {"long enough pw"}, "roles": {"admin"}})
		if res.StatusCode != http.StatusForbidden || doc.Find(`[data-testid="error"]`).Length() != 1 {
			t.Fatalf("viewer POST /users: %d", res.StatusCode)
		}
		if _, err := h.store.UserByName(context.Background(), "eve"); err == nil {
			t.Fatal("viewer created a user")
		}
		if res, _ := c.get("/forge"); res.StatusCode != http.StatusOK {
			t.Errorf("viewer cannot use the forge: %d", res.StatusCode)
		}
	})
}

func TestCSRFRequired(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	form := url.Values{"username": {"eve"}, "password": {"long enough pw"}, "roles": {"viewer"}}
	for name, mutate := range map[string]func(r *http.Request){
		"no token":  func(r *http.Request) {},
		"bad token": func(r *http.Request) { r.Header.Set("X-CSRF-Token", "forged") },
		"cross-site": func(r *http.Request) {
			r.Header.Set("X-CSRF-Token", c.csrf)
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		},
	} {
		req, _ := http.NewRequest(http.MethodPost, h.srv.URL+"/users", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		mutate(req)
		if res, _ := c.do(req); res.StatusCode != http.StatusForbidden {
			t.Errorf("%s: %d", name, res.StatusCode)
		}
	}
	if _, err := h.store.UserByName(context.Background(), "eve"); err == nil {
		t.Fatal("a request without a valid CSRF token created a user")
	}
	// the same request with the token works
	if res, _ := c.post("/users", form); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("with token: %d", res.StatusCode)
	}
}

func TestAdminManagesUsers(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		admin := h.login("admin", adminPassword)
		res, doc := admin.post("/users", url.Values{"username": {"Bad Name"}, "password": {"short"}})
		if res.StatusCode != http.StatusUnprocessableEntity || doc.Find(`[data-testid="error-username"]`).Length() != 1 || doc.Find(`[data-testid="error-password"]`).Length() != 1 || doc.Find(`[data-testid="error-roles"]`).Length() != 1 {
			t.Fatalf("invalid user: %d", res.StatusCode)
		}
		res, _ = admin.post("/users", url.Values{"username": {"rita"}, "password": {"rita-password"}, "roles": {"reviewer"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create reviewer: %d", res.StatusCode)
		}
		_, doc = admin.get("/users")
		if !strings.Contains(doc.Find(`[data-testid="flash"]`).Text(), "rita added") {
			t.Error("no flash after creating a user")
		}
		rita := h.login("rita", "rita-password")
		u, _ := h.store.UserByName(ctx, "rita")
		// disabling ends her session
		res, _ = admin.post("/users/"+itoa(u.ID)+"/disable", url.Values{"disabled": {"true"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("disable: %d", res.StatusCode)
		}
		if res, _ := rita.get("/"); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("disabled user's session still works: %d", res.StatusCode)
		}
		// role change renews sessions
		res, _ = admin.post("/users/"+itoa(u.ID)+"/roles", url.Values{"roles": {"reviewer", "editor"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("roles: %d", res.StatusCode)
		}
		u, _ = h.store.UserByName(ctx, "rita")
		if u.Roles != "editor,reviewer" {
			t.Errorf("roles = %q", u.Roles)
		}
		if n, _ := h.store.CountSessions(ctx, u.ID); n != 0 {
			t.Errorf("%d sessions survive a role change", n)
		}
	})
}

func mustURL(s string) *url.URL {
	u, _ := url.Parse(s)
	return u
}

func itoa(id uint) string { return strconv.FormatUint(uint64(id), 10) }

func TestChangePassword(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("rita", models.RoleReviewer)
	c := h.login("rita", "rita-password")
	other := h.login("rita", "rita-password")
	res, d := c.post("/account/password", url.Values{"current": {"wrong"}, "password": {"short"}, "confirm": {"different"}})
	if res.StatusCode != http.StatusUnprocessableEntity || d.Find(`[data-testid="error-current"]`).Length() != 1 || d.Find(`[data-testid="error-confirm"]`).Length() != 1 {
		t.Fatalf("bad change: %d", res.StatusCode)
	}
	// every field's error at once: the too-short new password too
	if msg := d.Find(`[data-testid="error-password"]`).Text(); !strings.Contains(msg, "at least") {
		t.Errorf("a wrong current password hides the too-short new one: %q", msg)
	}
	res, _ = c.post("/account/password", url.Values{"current": {"rita-password"}, "password": {"a much better password"}, "confirm": {"a much better password"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("change: %d", res.StatusCode)
	}
	if res, _ := c.get("/account"); res.StatusCode != http.StatusOK {
		t.Errorf("this session should continue (renewed): %d", res.StatusCode)
	}
	if res, _ := other.get("/"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the other session survived a password change: %d", res.StatusCode)
	}
	h.login("rita", "a much better password")
}

func TestAdminSetsPassword(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("rita", models.RoleReviewer)
	rita := h.login("rita", "rita-password")
	admin := h.login("admin", adminPassword)
	u, _ := h.store.UserByName(context.Background(), "rita")
	if res, _ := admin.post("/users/"+itoa(u.ID)+"/password", url.Values{"password": {"short"}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("short password: %d", res.StatusCode)
	}
	if res, _ := admin.post("/users/"+itoa(u.ID)+"/password", url.Values{"password": {"reset by the admin"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("set password: %d", res.StatusCode)
	}
	if res, _ := rita.get("/"); res.StatusCode != http.StatusSeeOther {
		t.Error("rita's session survived the reset")
	}
	h.login("rita", "reset by the admin")
}
