package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestAPIKeyScopeChosenOnPage: the API keys page offers both scopes,
// describes each as the routes enforce it, and a runtime key created there
// may open a run while a read key may not. A scope outside the two, an
// empty one included, is refused naming the field (failed first: scope=
// made a read key).
func TestAPIKeyScopeChosenOnPage(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, page := admin.get("/apikeys")
	for _, scope := range []string{"read", "runtime"} {
		if page.Find(`[data-testid="apikey-form"] input[name="scope"][value="`+scope+`"]`).Length() != 1 {
			t.Fatalf("no %s scope offered", scope)
		}
	}
	if page.Find(`[data-testid="apikey-form"] input[name="scope"][value="read"][checked]`).Length() != 1 {
		t.Error("read is not the default scope")
	}
	desc := page.Find(`[data-testid="apikey-scopes"]`).Text()
	for _, want := range []string{"compose", "runs", "bindings", "approve"} {
		if !strings.Contains(desc, want) {
			t.Errorf("scope description lacks %q: %q", want, desc)
		}
	}
	if strings.Contains(page.Find("p.muted").First().Text(), "They are read-only") {
		t.Error("the page still says every key is read-only")
	}
	keys := map[string]string{}
	for _, scope := range []string{"read", "runtime"} {
		res, d := admin.post("/apikeys", url.Values{"name": {scope + " key"}, "scope": {scope}})
		if res.StatusCode != http.StatusOK {
			t.Fatalf("create %s key: %d", scope, res.StatusCode)
		}
		keys[scope] = strings.TrimSpace(d.Find(`#new-key`).Text())
		if got := d.Find(`[data-testid="new-key"]`).Text(); !strings.Contains(got, "scope "+scope) {
			t.Errorf("new %s key: the notice does not say its scope: %q", scope, got)
		}
	}
	if res, b := h.api("GET", "/api/v1/manifest?agent=analyst", keys["runtime"], nil); res.StatusCode != http.StatusOK {
		t.Errorf("runtime key reading the manifest: %d %s", res.StatusCode, b)
	}
	if res, _ := h.api("GET", "/api/v1/manifest?agent=analyst", keys["read"], nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("read key reading the manifest: %d, want 403", res.StatusCode)
	}
	// an unknown scope and an empty one are refused naming the field,
	// and no key is made; only a form without the field gets a read key
	for _, scope := range []string{"admin", ""} {
		res, d := admin.post("/apikeys", url.Values{"name": {"bad"}, "scope": {scope}})
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(d.Find(`[data-testid="error-name"]`).Text(), "scope") {
			t.Errorf("scope %q: %d %q", scope, res.StatusCode, d.Find(`[data-testid="error-name"]`).Text())
		}
	}
	if ks, err := h.store.APIKeys(context.Background()); err != nil {
		t.Fatal(err)
	} else {
		for _, k := range ks {
			if k.Name == "bad" {
				t.Errorf("a refused form made key %q with scope %q", k.Name, k.Scope)
			}
		}
	}
	if _, d := admin.post("/apikeys", url.Values{"name": {"older form"}}); !strings.Contains(d.Find(`[data-testid="new-key"]`).Text(), "scope read") {
		t.Errorf("a form without the scope field: %q", d.Find(`[data-testid="new-key"]`).Text())
	}
}
