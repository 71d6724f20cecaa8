package instruction_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestRequestDraftMatchesTwoResolves holds NewRequestDraft, which resolves
// a request's sets once, to what it replaced: the agent's draft with the
// pick (NewAgentDraft), the without-list deleted from its selection, the
// request's services connected, and a second Resolve over every set for
// the dropped list. Random agents over the builtin catalog and the GitHub
// service: declared tools, a profile or none, picks, without-lists,
// services, authorized sets and unavailable tools, ids the catalog lacks.
func TestRequestDraftMatchesTwoResolves(t *testing.T) {
	full := catalogtest.Full(t)
	var pool []string
	for _, e := range full.Entries() {
		pool = append(pool, e.ID())
	}
	pool = append(pool, "no_such_tool", "other.tool")
	rng := rand.New(rand.NewPCG(1, 2))
	some := func(n int) []string {
		var out []string
		for range rng.IntN(n + 1) {
			out = append(out, pool[rng.IntN(len(pool))])
		}
		return out
	}
	// catalogs with a few tools gone (back in review, say), made once
	gones := make([]map[string]bool, 8)
	availables := make([]*catalog.Catalog, len(gones))
	for k := range gones {
		gones[k] = map[string]bool{}
		var avail []catalog.Contract
		for _, e := range full.Entries() {
			if k > 0 && rng.IntN(6) == 0 {
				gones[k][e.ID()] = true
				continue
			}
			avail = append(avail, e.Contract())
		}
		availables[k] = catalogtest.New(t, avail)
	}
	maybe := func(ids []string) []string {
		if rng.IntN(3) == 0 {
			return nil
		}
		return ids
	}
	for i := range 3000 {
		declared := some(20)
		// most picks and profiles name declared tools
		subset := func() []string {
			var out []string
			for _, id := range declared {
				if rng.IntN(2) == 0 {
					out = append(out, id)
				}
			}
			return append(out, some(2)...)
		}
		spec := instruction.AgentSpec{Declared: declared, Profile: maybe(subset()), Services: maybe([]string{"github", "slack"}[:rng.IntN(3)])}
		if rng.IntN(2) == 0 {
			out := map[string]bool{}
			for _, id := range declared {
				out[id] = rng.IntN(4) > 0
			}
			spec.Authorized = func(id string) bool { return out[id] }
		}
		k := rng.IntN(len(gones))
		gone, available := gones[k], availables[k]
		if rng.IntN(2) == 0 {
			spec.Unavailable = func(id string) string {
				if gone[id] {
					return "back in review"
				}
				return ""
			}
		}
		pick, without := maybe(subset()), maybe(subset())
		var connected map[string]bool
		if rng.IntN(2) == 0 {
			connected = map[string]bool{}
			for _, ns := range spec.Services {
				if rng.IntN(2) == 0 {
					connected[ns] = true
				}
			}
		}

		want, _ := instruction.NewAgentDraft(available, spec, pick)
		for _, id := range without {
			delete(want.Selected, id)
		}
		if connected != nil {
			want.Connected = connected
		}
		_, wantDropped := instruction.Resolve(instruction.Sets{
			Declared: spec.Declared, Profile: spec.Profile, Requested: pick, Without: without, Authorized: spec.Authorized,
			Available:   func(id string) bool { _, ok := available.Get(id); return ok },
			Connected:   func(ns string) bool { return want.Connected[ns] },
			Unavailable: spec.Unavailable,
		})

		got, dropped := instruction.NewRequestDraft(available, spec, pick, without, connected)
		if !reflect.DeepEqual(got.Selected, want.Selected) || !reflect.DeepEqual(got.Connected, want.Connected) ||
			!reflect.DeepEqual(got.Declared, want.Declared) || !reflect.DeepEqual(got.DeclaredServices, want.DeclaredServices) ||
			!reflect.DeepEqual(got.Options, want.Options) || !reflect.DeepEqual(got.Input().Roster, want.Input().Roster) {
			t.Fatalf("case %d: draft\n got %+v\nwant %+v", i, got, want)
		}
		if !reflect.DeepEqual(dropped, wantDropped) {
			t.Fatalf("case %d: dropped\n got %v\nwant %v", i, dropped, wantDropped)
		}
	}
}
