package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestInvalidationSticks: the first stale or revoked verdict is recorded
// on the binding with its reason and time and never reverses — a
// descriptor reverted (restored to its reviewed version), a grant given
// back: the binding stays invalid, on /authorize and on a
// run's call; a new binding works. The audit keeps why; the Checks page
// and the tool's page show the recorded state and reason. Failed first:
// the reverted descriptor and the re-grant were allowed again.
func TestInvalidationSticks(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		call := func(tool, handle string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": contractor("u1"), "binding": handle}
		}
		bindNew := func(tool string) string {
			b := call(tool, "")
			delete(b, "binding")
			b["ttl_seconds"] = 600
			return h.bind(key, b)
		}
		expect := func(cause string, body map[string]any, want, reason string) {
			t.Helper()
			d := h.authorize(key, body)
			got := d.Decision
			if d.Error != nil {
				got = d.Error.Type
			}
			if got != want || !strings.Contains(d.HostReason, reason) {
				t.Errorf("%s: %s (%s), want %s (…%s…)", cause, got, d.HostReason, want, reason)
			}
		}

		// a descriptor change, then its revert and a re-review
		hd := bindNew("describe_table")
		dt, _ := h.store.ToolByID(ctx, "describe_table")
		orig, _ := dt.Parsed()
		changed := orig
		changed.Purpose += " Now also counts nulls."
		if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{changed}, ""); err != nil {
			t.Fatal(err)
		}
		expect("descriptor changed", call("describe_table", hd), authority.TypeBindingStale, "descriptor changed")
		if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{orig}, ""); err != nil {
			t.Fatal(err)
		}
		back, _ := h.store.ToolByID(ctx, "describe_table")
		if back.Digest != dt.Digest {
			t.Fatalf("the revert has digest %s, the binding %s", back.Digest, dt.Digest)
		}
		// the revert is restored to the reviewed version (no new review)
		if back.Status != models.ToolAvailable || back.Validation != authority.StateBindable {
			t.Fatalf("the reverted descriptor is %s/%s, want restored to the reviewed version", back.Status, back.Validation)
		}
		expect("descriptor reverted and restored", call("describe_table", hd), authority.TypeBindingStale, "invalidated at")
		expect("descriptor reverted, the reason kept", call("describe_table", hd), authority.TypeBindingStale, "descriptor changed")
		res, out := h.api(http.MethodPost, "/api/v1/runs/r1/calls", key, map[string]any{"agent": "analyst", "tool": "describe_table", "subject": contractor("u1"), "binding": hd, "receipts": []any{}})
		if res.StatusCode != 200 || !strings.Contains(string(out), `"type":"binding_stale"`) || !strings.Contains(string(out), "invalidated at") {
			t.Errorf("a run's call with the invalidated binding: %d %s", res.StatusCode, out)
		}
		expect("a new binding", call("describe_table", bindNew("describe_table")), "allow", "")

		// a revoked grant, then a re-grant
		hl := bindNew("load_table")
		grant := []models.GrantSpec{{Kind: "effects", Value: "read-only"}}
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", false, grant, nil); err != nil {
			t.Fatal(err)
		}
		expect("grant revoked", call("load_table", hl), authority.TypeRevoked, "not granted")
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", true, grant, nil); err != nil {
			t.Fatal(err)
		}
		expect("grant restored", call("load_table", hl), authority.TypeRevoked, "invalidated at")
		expect("a new binding after the re-grant", call("load_table", bindNew("load_table")), "allow", "")

		// evidence keeps why, once per binding
		evs, _, err := h.store.AuditEvents(ctx, models.AuditFilter{Action: "binding.invalidate"})
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 2 {
			t.Fatalf("%d binding.invalidate events, want 2", len(evs))
		}
		why := evs[0].Detail + " | " + evs[1].Detail
		for _, w := range []string{"binding_stale: binding: descriptor changed", "capability_revoked: binding revoked: not granted"} {
			if !strings.Contains(why, w) {
				t.Errorf("the audit does not keep %q: %s", w, why)
			}
		}

		// the pages show the recorded state and reason
		admin := h.login("admin", adminPassword)
		for _, path := range []string{"/checks", "/catalog/tools/describe_table"} {
			res, doc := admin.get(path)
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d", path, res.StatusCode)
			}
			txt := doc.Find(`[data-testid="bindings"]`).Text()
			if !strings.Contains(txt, "binding_stale") || !strings.Contains(txt, "descriptor changed") {
				t.Errorf("%s does not show the recorded invalidation: %s", path, strings.Join(strings.Fields(txt), " "))
			}
		}
	})
}
