package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// An API key named with a direction
// override (Trojan-Source spoofing on the keys page and in the audit log)
// was stored; it is refused naming the field, and nothing is stored.
func TestPersonTextRefusedThroughAForm(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	for _, name := range []string{"deploy \u202eyek-tset", "ci \x1b[2J key"} {
		res, page := admin.post("/apikeys", url.Values{"name": {name}})
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(page.Text(), "name") || !strings.Contains(page.Text(), "U+") {
			t.Errorf("%q: %d, want 422 naming the field and the character", name, res.StatusCode)
		}
	}
	keys, _ := h.store.APIKeys(context.Background())
	for _, k := range keys {
		if strings.ContainsAny(k.Name, "\u202e\x1b") {
			t.Errorf("stored key name %q", k.Name)
		}
	}
}
