package web

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// sendForm posts form as the client with the given Content-Type spelling:
// url-encoded, or multipart when ct starts with "multipart" in any case.
func sendForm(c *client, path, ct string, form url.Values) *http.Response {
	c.h.t.Helper()
	var body bytes.Buffer
	if strings.HasPrefix(strings.ToLower(ct), "multipart") {
		w := multipart.NewWriter(&body)
		for k, vs := range form {
			for _, v := range vs {
				w.WriteField(k, v)
			}
		}
		w.Close()
		ct = ct + "; boundary=" + w.Boundary()
	} else {
		body.WriteString(form.Encode())
	}
	req, _ := http.NewRequest(http.MethodPost, c.h.srv.URL+path, &body)
	req.Header.Set("Content-Type", ct)
	res, _ := c.do(req)
	return res
}

// TestBadTextGuardWhateverTheMediaTypeSpelling: media types are
// case-insensitive and carry parameters; NUL bytes in a form must get a
// 400 on every state-changing route (sign-in included) however the
// Content-Type is spelled — never a 5xx, never a stored NUL.
func TestBadTextGuardWhateverTheMediaTypeSpelling(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		before := rowCounts(t, h)
		spellings := []string{"Application/X-WWW-Form-Urlencoded", "APPLICATION/X-WWW-FORM-URLENCODED ; charset=utf-8", "Multipart/Form-Data"}
		nul := "x\x00y"
		form := url.Values{}
		for _, k := range []string{"username", "password", "roles", "name", "slug", "tools", "tier", "catalog_form", "base", "version", "expected", "reason", "kind", "status",
			"summary", "procedure", "required_tools", "revision", "digest", "disabled", "format", "namespace", "document", "declared", "services", "default_profile", "pins", "message", "comment", "agent", "description", "current", "new", "confirm"} {
			form.Set(k, nul)
		}
		checked := 0
		for _, r := range h.app.routes {
			if safeMethod(r.method) || r.policy.apiKey || r.path == "/logout" {
				continue
			}
			path := strings.NewReplacer(":id", "5", ":slug", "data-analyst", ":version", "1", ":rid", "1").Replace(r.path)
			for _, ct := range spellings {
				f := cloneForm(form)
				f.Set("_csrf", admin.csrf)
				res := sendForm(admin, path, ct, f)
				if res.StatusCode != http.StatusBadRequest {
					t.Errorf("POST %s as %q with NUL bytes: %d, want 400", path, ct, res.StatusCode)
				}
				checked++
			}
		}
		after := rowCounts(t, h)
		for table, n := range before {
			if after[table] != n {
				t.Errorf("%s: %d rows before, %d after", table, n, after[table])
			}
		}
		t.Logf("%d requests refused with 400", checked)
	})
}

// TestAPIReadsJSONWhateverTheDeclaredType: the API body is
// JSON whatever Content-Type the client declares (curl -d says form).
func TestAPIReadsJSONWhateverTheDeclaredType(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	for _, ct := range []string{"", "application/x-www-form-urlencoded", "Application/X-WWW-Form-Urlencoded", "text/plain", "APPLICATION/JSON; charset=UTF-8", "multipart/form-data; boundary=x"} {
		req, _ := http.NewRequest(http.MethodPost, h.srv.URL+"/api/v1/compose", strings.NewReader(`{"agent":"analyst","tier":"compact"}`))
		req.Header.Set("Authorization", "Bearer "+key)
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("compose with Content-Type %q: %d, want 200", ct, res.StatusCode)
		}
	}
}

// TestCSRFTokenOnlyFromBodyOrHeader: a token in the query
// string is not accepted, and no page puts the token in a GET form (so it
// never lands in a URL, a log or a Referer).
func TestCSRFTokenOnlyFromBodyOrHeader(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	before := rowCounts(t, h)
	res, _ := admin.postForm("/apikeys?_csrf="+url.QueryEscape(admin.csrf), url.Values{"name": {"in-query"}})
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("token in the query string: %d, want 403", res.StatusCode)
	}
	if after := rowCounts(t, h); after["api_keys"] != before["api_keys"] {
		t.Error("a key was created with the token in the URL")
	}
	for _, page := range []string{"/", "/profiles/data-analyst", "/profiles", "/skills", "/skills/source-check", "/catalog", "/forge", "/agents", "/agents/analyst", "/users", "/apikeys", "/audit", "/reviews", "/catalog/review", "/account", "/proposals/1"} {
		_, d := admin.get(page)
		d.Find("form").Each(func(_ int, f *goquerySelection) {
			m, _ := f.Attr("method")
			if !strings.EqualFold(m, "post") && f.Find(`input[name="_csrf"]`).Length() > 0 {
				a, _ := f.Attr("action")
				t.Errorf("%s: GET form to %q carries the CSRF token", page, a)
			}
		})
	}
}

// TestACharsetOtherThanUTF8IsRefused: a body declared in another
// charset (application/json; charset=latin1) would be read as UTF-8 all
// the same, so other text than the client meant: the gateway and the API
// answer 415 naming the charset, and run nothing; utf-8 in any spelling
// passes.
func TestACharsetOtherThanUTF8IsRefused(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	for _, path := range []string{"/mcp/helper", "/api/v1/compose"} {
		req, _ := http.NewRequest(http.MethodPost, h.srv.URL+path, strings.NewReader(`{"agent":"analyst","tier":"compact"}`))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json; charset=latin1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body bytes.Buffer
		body.ReadFrom(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(body.String(), "latin1") {
			t.Errorf("%s with charset=latin1: %d %s, want 415 naming the charset", path, res.StatusCode, body.String())
		}
	}
}
