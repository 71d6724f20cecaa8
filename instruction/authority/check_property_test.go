package authority

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDecideProperty checks Decide against a reference model of the
// four sets on random checks without bindings: it allows exactly when the
// tool is in delegated ∩ authorized ∩ available and not approval-only.
func TestDecideProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 14))
	ids := []string{"a", "b", "svc.c", "svc.d", "e"}
	effects := EffectsClasses()
	groups := []string{"g1", "g2", "g3"}
	for i := 0; i < 3000; i++ {
		var tools []Tool
		for _, id := range ids {
			tools = append(tools, Tool{ID: id, Digest: id, Effects: effects[r.IntN(len(effects))], State: States[r.IntN(len(States))]})
		}
		var grants []Grant
		for n := r.IntN(5); n > 0; n-- {
			g := Grant{Group: groups[r.IntN(3)], RequiresApproval: r.IntN(3) == 0}
			switch r.IntN(3) {
			case 0:
				g.Kind, g.Value = KindTool, ids[r.IntN(len(ids))]
			case 1:
				g.Kind, g.Value = KindService, "svc"
			default:
				g.Kind, g.Value = KindEffects, effects[r.IntN(len(effects))]
			}
			grants = append(grants, g)
		}
		var declared, subj []string
		for _, id := range ids {
			if r.IntN(4) > 0 {
				declared = append(declared, id)
			}
		}
		for _, g := range groups {
			if r.IntN(2) == 0 {
				subj = append(subj, g)
			}
		}
		services := []string{}
		if r.IntN(3) > 0 {
			services = []string{"svc"}
		}
		tool := tools[r.IntN(len(tools))]
		c := Check{Agent: Agent{Slug: "x", Declared: declared, Services: services}, Subject: &Subject{ID: "s", Groups: subj}, ToolID: tool.ID, Tool: &tool, Grants: grants, Now: now}
		d := Decide(c)
		// reference model
		delegated := slices.Contains(declared, tool.ID)
		available := tool.State == StateBindable && (tool.Namespace() == "" || slices.Contains(services, "svc"))
		authorized, needs := false, false
		for _, g := range grants {
			if !slices.Contains(subj, g.Group) {
				continue
			}
			hit := (g.Kind == KindTool && g.Value == tool.ID) || (g.Kind == KindService && tool.Namespace() == g.Value) || (g.Kind == KindEffects && g.Value == tool.Effects)
			if hit {
				authorized = true
				needs = needs || g.RequiresApproval
			}
		}
		want := ""
		switch {
		case !delegated || !available:
			want = TypeUnavailable
		case !authorized:
			want = TypePermissionDenied
		case needs:
			want = TypeApprovalRequired
		}
		got := ""
		if !d.Allow {
			got = d.Error.Type
		}
		if got != want {
			t.Fatalf("case %d: tool %+v declared %v services %v grants %+v groups %v: got %q, want %q (%s)", i, tool, declared, services, grants, subj, got, want, d.HostReason)
		}
	}
}

// TestInvalidationIsSticky: the first stale or revoked verdict on a
// binding its own subject presents asks to be recorded; once recorded it
// is the answer whatever the state is now (a reverted descriptor, a
// re-grant); a binding presented by someone else, expired or unknown
// records nothing.
func TestInvalidationIsSticky(t *testing.T) {
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	tool := Tool{ID: "sql_query", Version: "1", Digest: "d1", Effects: "read-only", State: StateBindable}
	grant := []Grant{{Group: "staff", Kind: KindEffects, Value: "read-only"}}
	base := func() Check {
		tl := tool
		return Check{Agent: Agent{Slug: "a", Declared: []string{"sql_query"}}, Subject: &Subject{ID: "u1", Groups: []string{"staff"}}, ToolID: "sql_query", Tool: &tl, Grants: grant,
			Binding: &Binding{Found: true, Subject: "u1", Groups: GroupSetDigest([]string{"staff"}), Agent: "a", Tool: "sql_query", Digest: "d1", ExpiresAt: now.Add(time.Hour)}, Now: now}
	}
	for _, c := range []struct {
		name       string
		mut        func(*Check)
		typ        string
		invalidate bool
	}{
		{"valid", func(*Check) {}, "", false},
		{"descriptor changed", func(c *Check) { c.Tool.Digest = "d2" }, TypeBindingStale, true},
		{"tool left the catalog", func(c *Check) { c.Tool = nil }, TypeCatalogChanged, true},
		{"grant removed", func(c *Check) { c.Grants = nil }, TypeRevoked, true},
		{"tool left the agent", func(c *Check) { c.Agent.Declared = nil }, TypeRevoked, true},
		{"tool rejected", func(c *Check) { c.Tool.State = StateRejected }, TypeRevoked, true},
		{"expired", func(c *Check) { c.Now = now.Add(2 * time.Hour) }, TypeBindingStale, false},
		{"another subject presents it", func(c *Check) { c.Subject.ID = "u2" }, TypeBindingStale, false},
		{"another group set", func(c *Check) { c.Subject.Groups = []string{"staff", "x"} }, TypeBindingStale, false},
		{"unknown handle", func(c *Check) { c.Binding = &Binding{} }, TypeBindingStale, false},
		{"approval now required", func(c *Check) {
			c.Grants = []Grant{{Group: "staff", Kind: KindEffects, Value: "read-only", RequiresApproval: true}}
		}, TypeApprovalRequired, false},
	} {
		ch := base()
		c.mut(&ch)
		d := Decide(ch)
		got := ""
		if !d.Allow {
			got = d.Error.Type
		}
		if got != c.typ || d.Invalidates != c.invalidate {
			t.Errorf("%s: %q invalidates %v, want %q %v (%s)", c.name, got, d.Invalidates, c.typ, c.invalidate, d.HostReason)
		}
	}
	// recorded: a revert and a re-grant change nothing
	ch := base()
	ch.Binding.Invalid = &Invalidation{Type: TypeBindingStale, Reason: "binding: descriptor changed from d1 to d2", At: now.Add(-time.Minute)}
	d := Decide(ch)
	if d.Allow || d.Error.Type != TypeBindingStale || d.Invalidates || !strings.Contains(d.HostReason, "invalidated at 2026-12-02T09:59:00Z: binding: descriptor changed") {
		t.Fatalf("a recorded invalidation reversed: %+v", d)
	}
}
