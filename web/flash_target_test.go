package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestFlashShowsOnlyOnItsRedirectTarget: a flash left over after a POST
// whose redirect the client did not follow showed on the next page opened
// (/runs said "Profile lean created."): a flash now shows only on the
// page it was set for, and another page drops it.
func TestFlashShowsOnlyOnItsRedirectTarget(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	create := func(slug string) string {
		res, _ := admin.post("/profiles", url.Values{"slug": {slug}, "name": {slug}, "agent": {"analyst"}, "tools": {"exec\nread_file"}, "tier": {"standard"}, "catalog_form": {"full"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create profile %s: %d", slug, res.StatusCode)
		}
		return res.Header.Get("Location")
	}
	create("lean")
	if _, d := admin.get("/runs"); d.Find(`[data-testid="flash"]`).Length() != 0 {
		t.Errorf("/runs shows another page's flash: %q", d.Find(`[data-testid="flash"]`).Text())
	}
	to := create("leaner")
	_, d := admin.get(to)
	if got := d.Find(`[data-testid="flash"]`).Text(); !strings.Contains(got, "leaner created") {
		t.Errorf("the redirect target %s shows flash %q", to, got)
	}
	if _, d := admin.get(to); d.Find(`[data-testid="flash"]`).Length() != 0 {
		t.Error("a flash showed twice")
	}
}
