package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestBadTextNeverReachesTheDatabase: NUL bytes, invalid UTF-8, oversized
// and special-token text in forms, queries and API bodies get a clear 4xx
// naming the field on both databases — never a 5xx, never a write.
func TestBadTextNeverReachesTheDatabase(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		key := h.apiKey()
		before := rowCounts(t, h)
		nul, badUTF8 := "a\x00b", "a\xffb"
		forms := []struct {
			path  string
			field string
			form  url.Values
		}{
			{"/users", "username", url.Values{"username": {nul}, "password": {"long enough pw"}, "roles": {"viewer"}}},
			{"/agents", "description", url.Values{"slug": {"x"}, "name": {"X"}, "description": {badUTF8}, "declared": {"read_file"}}},
			{"/profiles/data-analyst", "message", url.Values{"base": {"2"}, "tools": {"read_file"}, "tier": {"full"}, "catalog_form": {"full"}, "message": {nul}}},
			{"/skills/source-check/proposals", "procedure", url.Values{"name": {"S"}, "summary": {"s"}, "procedure": {nul}, "required_tools": {"web_fetch"}}},
			{"/apikeys", "name", url.Values{"name": {strings.Repeat("x", maxFieldBytes+1)}}},
			{"/catalog/import", "document", url.Values{"format": {"native"}, "document": {`[{"id":"a","title":"A\u0000","purpose":"p","class":"web","effects":"read-only","version":"1"}]`}}},
		}
		for _, f := range forms {
			res, d := admin.post(f.path, f.form)
			if res.StatusCode >= 500 || res.StatusCode < 400 {
				t.Errorf("POST %s: %d", f.path, res.StatusCode)
			}
			if !strings.Contains(d.Text(), f.field) && !strings.Contains(d.Text(), "NUL") {
				t.Errorf("POST %s does not name %s: %q", f.path, f.field, d.Find(`[data-testid="error"]`).Text())
			}
		}
		for _, q := range []string{"/audit?actor=a%00b", "/catalog?q=%ff%fe", "/forge?pins=a%00", "/catalog/tools/a%00b", "/agents/a%00b", "/profiles/a%00b", "/skills/a%00b", "/forge?agent=a%00b", "/profiles/a%00b/diff?a=1&b=2"} {
			if res, _ := admin.get(q); res.StatusCode >= 500 {
				t.Errorf("GET %s: %d", q, res.StatusCode)
			}
		}
		for _, body := range []string{"{\"agent\":\"a\\u0000b\"}", "{\"agent\":\"analyst\",\"tools\":[\"\\u0000\"]}", "{\"agent\":\"\xff\"}", `{"agent":"analyst","pins":["<|endoftext|>"]}`} {
			res, b := h.api("POST", "/api/v1/compose", key, body)
			if res.StatusCode >= 500 {
				t.Errorf("compose %q: %d %s", body, res.StatusCode, b)
			}
		}
		for _, q := range []string{"/api/v1/tools/search?agent=analyst&q=a%00", "/api/v1/skills/a%00b", "/api/v1/tools/search?agent=a%00&q=x"} {
			if res, _ := h.api("GET", q, key, nil); res.StatusCode >= 500 || res.StatusCode == http.StatusOK {
				t.Errorf("GET %s: %d", q, res.StatusCode)
			}
		}
		// special-token text is ordinary text: it is stored and counted
		res, _ := admin.post("/skills/source-check/proposals", url.Values{"name": {"Source check"}, "summary": {"Checks <|endoftext|> sources."}, "procedure": {"1. Open <|fim_prefix|> each source.\n"}, "required_tools": {"web_fetch"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("special-token text refused: %d", res.StatusCode)
		}
		after := rowCounts(t, h)
		if after["proposals"] != before["proposals"]+1 || after["agents"] != before["agents"] || after["users"] != before["users"] || after["api_keys"] != before["api_keys"] || after["tools"] != before["tools"] {
			t.Errorf("rows changed: %v → %v", before, after)
		}
	})
}

func TestOversizedBodiesAre413(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	big := strings.Repeat("x", 11<<20)
	res, _ := admin.post("/catalog/import", url.Values{"format": {"native"}, "document": {big}})
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("11 MiB form: %d", res.StatusCode)
	}
}
