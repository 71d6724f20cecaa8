package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAuthorityFormsRefuseUnknownValues: every enumerated field the
// approval, grant and binding forms read is refused, naming the field,
// when it holds a value outside its set, and nothing changes; an empty
// value is outside it (only a form without the field takes its default).
// Failed first: an approval decided with scope=forever, and then one
// with scope= (empty), was approved for one call.
func TestAuthorityFormsRefuseUnknownValues(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		h.addUser("rita", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		decide := []struct {
			verb string
			form url.Values
			want string
		}{
			{"approve", url.Values{"scope": {"forever"}}, "scope: must be once"},
			{"approve", url.Values{"scope": {"Minutes"}, "minutes": {"5"}}, "scope: must be once"},
			{"approve", url.Values{"scope": {" once"}}, "scope: must be once"},
			{"approve", url.Values{"scope": {""}}, "scope: must be once"},
			{"deny", url.Values{"scope": {""}}, "scope: must be once"},
			{"deny", url.Values{"scope": {"forever"}}, "scope: must be once"},
			{"approve", url.Values{"scope": {"minutes"}, "minutes": {"forever"}}, "minutes must be a whole number"},
			{"approve", url.Values{"scope": {"minutes"}, "minutes": {"0"}}, "minutes must be a whole number"},
		}
		ref := h.fileWrite(t, key, "enum1")
		for _, tc := range decide {
			tc.form.Set("reason", "looks fine")
			res, _ := rita.post("/approvals/"+ref+"/"+tc.verb, tc.form)
			_, page := rita.get(res.Header.Get("Location"))
			if got := page.Find(`[data-testid="flash"]`).Text(); !strings.Contains(got, tc.want) || !strings.Contains(got, "Nothing was decided") {
				t.Errorf("%s %v: flash %q, want %q", tc.verb, tc.form, got, tc.want)
			}
			var status string
			if err := h.store.RawScan(ctx, &status, "SELECT status FROM approvals WHERE ref = ?", ref); err != nil || status != "pending" {
				t.Fatalf("%s %v decided it: %q %v", tc.verb, tc.form, status, err)
			}
		}
		// the values of the set still decide, and a form without the
		// choice decides for one call
		for _, scope := range []string{"once", "absent"} {
			r := h.fileWrite(t, key, "enum-"+scope+"x")
			form := url.Values{"reason": {"fine"}, "scope": {scope}}
			if scope == "absent" {
				form.Del("scope")
			}
			res, _ := rita.post("/approvals/"+r+"/approve", form)
			_, page := rita.get(res.Header.Get("Location"))
			if got := page.Find(`[data-testid="flash"]`).Text(); !strings.Contains(got, "approved") {
				t.Errorf("scope %q: flash %q", scope, got)
			}
		}

		// grants: a kind, an effects class and a line's flag each from a set
		admin := h.login("admin", adminPassword)
		grants := []struct{ line, want string }{
			{"forever read-only", "is not tool, service or effects"},
			{"effects forever", "effects"},
			{"tool read_file requires-approvals", "line 1"},
			{"tool read_file forever", "line 1"},
		}
		for _, tc := range grants {
			res, page := admin.post("/groups", url.Values{"name": {"enumtest"}, "base": {"0"}, "grants": {tc.line}, "message": {"try"}})
			errs := page.Find(`[data-testid="field-error-grants"], .field-error, .errors`).Text()
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(strings.ToLower(errs), strings.ToLower(tc.want)) {
				t.Errorf("grant line %q: %d %q, want 422 naming %s", tc.line, res.StatusCode, errs, tc.want)
			}
		}
		if gs, err := h.store.Groups(ctx); err == nil {
			for _, g := range gs {
				if g.Name == "enumtest" {
					t.Error("a refused grant form created its group")
				}
			}
		}
	})
}
