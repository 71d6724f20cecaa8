package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestProfileFormRefusesACodeOnlyPin: the profile form and the forge's
// save refuse a pin on a code-only helper with a 422 naming pins and the
// helper (as the API does), and store nothing; the forge, asked to pin
// one, says the pin is ignored and why instead of pinning nothing
// silently.
func TestProfileFormRefusesACodeOnlyPin(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		admin := h.login("admin", adminPassword)
		form := url.Values{"slug": {"pinned"}, "name": {"Pinned"}, "agent": {"analyst"}, "tools": {"exec\nload_table\nread_file"},
			"tier": {"standard"}, "catalog_form": {"full"}, "deferred": {"1"}, "pins": {"load_table"}}
		res, d := admin.post("/profiles", form)
		msg := d.Find(`[data-testid="error-pins"]`).Text()
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(msg, "load_table") || !strings.Contains(msg, "code-only") {
			t.Fatalf("create with a code-only pin: %d, pins error %q", res.StatusCode, msg)
		}
		if _, err := h.store.ProfileBySlug(ctx, "pinned"); err == nil {
			t.Fatal("a refused profile was stored")
		}
		form.Set("pins", "exec")
		if res, _ := admin.post("/profiles", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create with a pin on exec: %d", res.StatusCode)
		}
		res, d = admin.post("/profiles/pinned", url.Values{"base": {"1"}, "tools": {"exec\nload_table\nread_file"}, "tier": {"standard"},
			"catalog_form": {"full"}, "deferred": {"1"}, "pins": {"load_table"}})
		if msg := d.Text(); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(msg, "code-only") {
			t.Fatalf("new version with a code-only pin: %d", res.StatusCode)
		}
		// the forge: the pin is named as ignored, and saving the draft is refused
		_, f := admin.get("/forge?agent=analyst&profile=pinned&deferred=1&pins=load_table")
		notes := f.Find(`[data-testid="forge-note"]`).Text()
		if !strings.Contains(notes, "load_table") || !strings.Contains(notes, "code-only") {
			t.Errorf("forge notes %q, want the ignored code-only pin named", notes)
		}
		state, _ := f.Find(`[data-testid="save-form"] input[name="state"]`).Attr("value")
		if res, _ := admin.post("/forge/save", url.Values{"state": {state}, "base": {"1"}, "message": {"pin a helper"}}); res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("forge save with a code-only pin: %d, want 422", res.StatusCode)
		}
		if p, _ := h.store.ProfileBySlug(ctx, "pinned"); p == nil || p.CurrentVersion != 1 {
			t.Errorf("a refused version was stored: %+v", p)
		}
	})
}
