package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestRepeatedQueryParameters: a single-valued parameter given twice on
// an API GET (agent=a&agent=b, limit=1&limit=2) is a 400 naming it, not
// first-one-wins; a list parameter (subject_groups) may repeat. The list
// pages refuse a repeated filter too, and /audit refuses a page that is
// not a whole number from 1, as the catalog does.
func TestRepeatedQueryParameters(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	for _, c := range []struct{ query, field string }{
		{"q=report&agent=analyst&agent=other", "agent"},
		{"q=report&agent=analyst&limit=1&limit=2", "limit"},
		{"q=report&q=chart&agent=analyst", "q"},
	} {
		res, out := h.api("GET", "/api/v1/tools/search?"+c.query, key, nil)
		var e struct {
			Error struct{ Field, Message string }
		}
		_ = json.Unmarshal(out, &e)
		if res.StatusCode != http.StatusBadRequest || e.Error.Field != c.field || !strings.Contains(e.Error.Message, "give it once") {
			t.Errorf("%s: %d %s", c.query, res.StatusCode, out)
		}
	}
	if res, out := h.api("GET", "/api/v1/tools/search?q=report&agent=analyst&subject_groups=everyone&subject_groups=contractors", key, nil); res.StatusCode != http.StatusOK {
		t.Errorf("repeated subject_groups: %d %s", res.StatusCode, out)
	}
	admin := h.login("admin", adminPassword)
	for _, c := range []struct{ path, want string }{
		{"/audit?page=-1", "page: must be a whole number from 1"},
		{"/audit?page=abc", "page: must be a whole number from 1"},
		{"/audit?actor=a&actor=b", "actor: give it once"},
		{"/catalog?page=1&page=2", "page: give it once"},
		{"/runs?agent=analyst&agent=other", "agent: give it once"},
	} {
		res, doc := admin.get(c.path)
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(doc.Text(), c.want) {
			t.Errorf("%s: %d, want 400 %q", c.path, res.StatusCode, c.want)
		}
	}
	if res, _ := admin.get("/audit?page=2"); res.StatusCode != http.StatusOK {
		t.Errorf("/audit?page=2: %d", res.StatusCode)
	}
}
