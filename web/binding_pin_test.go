package web

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestBindingsDoNotReviveUnchecked: a binding ended only when a check
// happened to run while its authority was away: a grant removed and given
// back, a tool taken out of the agent and put back, a descriptor changed,
// reverted and reviewed again — each with no check in between — left the
// binding allowing. Now a binding pins the authority it was issued under
// and any change ends it for good, judged the same by another replica.
func TestBindingsDoNotReviveUnchecked(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		other := New(h.store, sharedMeter, h.app.cfg)
		defer other.Close()
		replica := httptest.NewServer(other.Handler())
		defer replica.Close()
		call := func(tool, handle string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": contractor("u1"), "binding": handle}
		}
		bindNew := func(tool string) string {
			b := call(tool, "")
			delete(b, "binding")
			b["ttl_seconds"] = 600
			return h.bind(key, b)
		}
		expect := func(cause string, body map[string]any, want string) {
			t.Helper()
			for i, srv := range []*httptest.Server{replica, h.srv} {
				saved := h.srv
				h.srv = srv
				d := h.authorize(key, body)
				h.srv = saved
				got := d.Decision
				if d.Error != nil {
					got = d.Error.Type
				}
				if got != want {
					t.Errorf("%s (console %d): %s (%s), want %s", cause, i+1, got, d.HostReason, want)
				}
			}
		}

		hl := bindNew("load_table")
		expect("a new binding", call("load_table", hl), "allow")
		grant := []models.GrantSpec{{Kind: "effects", Value: "read-only"}}
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", false, grant, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", true, grant, nil); err != nil {
			t.Fatal(err)
		}
		expect("grant removed and given back, unchecked", call("load_table", hl), authority.TypeRevoked)

		hl = bindNew("load_table")
		a, _ := h.store.AgentBySlug(ctx, "analyst")
		var declared []string
		for _, id := range a.Declared() {
			if id != "load_table" {
				declared = append(declared, id)
			}
		}
		snap, _ := h.app.snapshot(ctx)
		in := models.AgentInput{Name: a.Name, Description: a.Description, Declared: declared, Services: a.Services(), DefaultProfile: "data-analyst"}
		if _, err := h.store.UpdateAgent(ctx, "admin", "analyst", a.Version, in, snap.KnownTools()); err != nil {
			t.Fatal(err)
		}
		in.Declared = a.Declared()
		if _, err := h.store.UpdateAgent(ctx, "admin", "analyst", a.Version+1, in, snap.KnownTools()); err != nil {
			t.Fatal(err)
		}
		expect("tool out of the agent and back, unchecked", call("load_table", hl), authority.TypeRevoked)

		hd := bindNew("describe_table")
		dt, _ := h.store.ToolByID(ctx, "describe_table")
		orig, _ := dt.Parsed()
		changed := orig
		changed.Purpose += " Now also counts nulls."
		for _, c := range []catalog.Contract{changed, orig} {
			if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{c}, ""); err != nil {
				t.Fatal(err)
			}
		}
		// the revert is restored to the reviewed version (no new review)
		if back, _ := h.store.ToolByID(ctx, "describe_table"); back.Status != models.ToolAvailable || back.Validation != authority.StateBindable {
			t.Fatalf("the reverted descriptor is %s/%s, want restored to the reviewed version", back.Status, back.Validation)
		}
		expect("descriptor changed, reverted and restored, unchecked", call("describe_table", hd), authority.TypeBindingStale)
		expect("a new binding after all that", call("describe_table", bindNew("describe_table")), "allow")
		expect("a new load_table binding", call("load_table", bindNew("load_table")), "allow")
	})
}

// TestRenamingAnAgentKeepsItsBindings: a binding pinned the agent's
// version, so renaming the agent (or editing its description) ended its
// live bindings. Now it pins the agent's roster version: a rename keeps
// the binding; taking the tool out of the agent ends it.
func TestRenamingAnAgentKeepsItsBindings(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		call := map[string]any{"agent": "analyst", "tool": "load_table", "subject": contractor("u1")}
		bind := map[string]any{"agent": "analyst", "tool": "load_table", "subject": contractor("u1"), "ttl_seconds": 600}
		hl := h.bind(key, bind)
		call["binding"] = hl
		a, _ := h.store.AgentBySlug(ctx, "analyst")
		snap, _ := h.app.snapshot(ctx)
		in := models.AgentInput{Name: a.Name + " (renamed)", Description: a.Description + " Now renamed.", Declared: a.Declared(), Services: a.Services(), DefaultProfile: "data-analyst"}
		if _, err := h.store.UpdateAgent(ctx, "admin", "analyst", a.Version, in, snap.KnownTools()); err != nil {
			t.Fatal(err)
		}
		if d := h.authorize(key, call); d.Decision != "allow" {
			t.Fatalf("the binding after renaming its agent: %+v", d)
		}
		var declared []string
		for _, id := range a.Declared() {
			if id != "load_table" {
				declared = append(declared, id)
			}
		}
		in.Declared = declared
		if _, err := h.store.UpdateAgent(ctx, "admin", "analyst", a.Version+1, in, snap.KnownTools()); err != nil {
			t.Fatal(err)
		}
		if d := h.authorize(key, call); d.Decision != "deny" || d.Error.Type != authority.TypeRevoked {
			t.Errorf("the binding after its tool left the agent: %+v", d)
		}
	})
}
