package deferred

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// genKind is how the generator made a receipt; the reference model knows
// from it alone whether the receipt may activate.
type genKind int

const (
	genValid genKind = iota
	genForged
	genCrossRun
	genStale
	genMalformed
	genSearchRequired
	genUnknownName
	genKinds
)

var wantReason = map[genKind]string{genForged: ReasonForged, genCrossRun: ReasonCrossRun, genStale: ReasonStaleSurface,
	genMalformed: ReasonMalformed, genSearchRequired: ReasonSearchRequired, genUnknownName: ReasonUnknownName}

type genReceipt struct {
	kind  genKind
	step  int
	group int // the step whose receipts it is sent among
	names []string
	raw   json.RawMessage
}

// activates reports whether the generated receipt may activate: made
// valid, and sent among the receipts of its own step or a later one.
func (g genReceipt) activates() bool { return g.kind == genValid && g.step <= g.group }

// reason is the rejection the model expects ("" for none): a receipt sent
// before its step is future_step once its MAC, run, surface and kind pass.
func (g genReceipt) reason() string {
	if (g.kind == genValid || g.kind == genUnknownName) && g.step > g.group {
		return ReasonFutureStep
	}
	return wantReason[g.kind]
}

// modelActive is the reference model of §10, written from the rules, not
// from the implementation: always-on (roster order) ∪ pins (given order) ∪
// the names of the valid receipts of the highest step among valid ones, in
// call order, unless a stale receipt of a later step supersedes them; a
// receipt sent among an earlier step's receipts than its own is not valid.
func modelActive(cs []catalog.Contract, pins []string, gen []genReceipt) []string {
	var out []string
	add := func(id string) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, c := range cs {
		if c.AlwaysOn && !c.CodeOnly {
			add(c.ID)
		}
	}
	for _, p := range pins {
		add(p)
	}
	latest := latestValidStep(gen)
	for _, g := range gen {
		if g.activates() && g.step == latest {
			for _, n := range g.names {
				add(n)
			}
		}
	}
	return out
}

// latestValidStep is the highest step among the valid receipts, -1 for
// none, and -1 too when a receipt of a later step, sent among its own
// step's receipts or a later one's, is stale: the surface moved after the
// valid ones, which it supersedes (they must not come back should the
// surface return to what it was).
func latestValidStep(gen []genReceipt) int {
	latest, stale := -1, -1
	for _, g := range gen {
		if g.activates() && g.step > latest {
			latest = g.step
		}
		if g.kind == genStale && g.step <= g.group && g.step > stale {
			stale = g.step
		}
	}
	if stale > latest {
		return -1
	}
	return latest
}

// modelActiveCapped is modelActive with an active-tools ceiling: the
// deciding step's receipts merge in call order, and one whose new names
// would pass the ceiling adds nothing (whole, never in part). It returns
// the active set and how many receipts the ceiling turned away.
func modelActiveCapped(cs []catalog.Contract, pins []string, gen []genReceipt, ceiling int) ([]string, int) {
	out := modelActive(cs, pins, nil)
	latest := latestValidStep(gen)
	turned := 0
	for _, g := range gen {
		if !g.activates() || g.step != latest {
			continue
		}
		var fresh []string
		for _, n := range g.names {
			if !slices.Contains(out, n) && !slices.Contains(fresh, n) {
				fresh = append(fresh, n)
			}
		}
		if len(out)+len(fresh) > ceiling {
			turned++
			continue
		}
		out = append(out, fresh...)
	}
	return out, turned
}

// TestPropertyActiveCeilingMatchesModel: under a small active-tools
// ceiling the active set equals the capped model, never passes the
// ceiling, and each receipt the ceiling turned away is reported as
// over_ceiling.
func TestPropertyActiveCeilingMatchesModel(t *testing.T) {
	all := append(catalogtest.Builtin(t), catalogtest.GitHub(t)...)
	rng := rand.New(rand.NewPCG(17, 2026))
	tested := 0
	for iter := 0; iter < 300; iter++ {
		s, cs := randomSurface(t, rng, all)
		run := fmt.Sprintf("cap-%d", iter)
		groups, gen := randomRun(t, rng, all, s, cs, run, func() int { return 1 + rng.IntN(3) }, func() int { return 1 + rng.IntN(4) })
		ceiling := len(s.AlwaysOn()) + len(s.Pins()) + rng.IntN(4)
		a, err := Reconstruct(testKey, run, s, groups, Ceilings{QueryBytes: 512, Results: 25, Active: ceiling, SchemaBytes: 1 << 30, Receipts: 1000})
		if err != nil {
			if len(modelActive(cs, s.Pins(), nil)) > ceiling {
				continue // always-on and pins alone over it: the runtime's error
			}
			t.Fatalf("iter %d: %v", iter, err)
		}
		want, turned := modelActiveCapped(cs, s.Pins(), gen, ceiling)
		if !slices.Equal(a.Active(), want) || len(a.Active()) > ceiling {
			t.Fatalf("iter %d (ceiling %d): active %v, model %v", iter, ceiling, a.Active(), want)
		}
		over := 0
		for _, r := range a.Rejected {
			if r.Reason == ReasonOverCeiling {
				over++
			}
		}
		if over != turned {
			t.Fatalf("iter %d: %d over_ceiling rejections, model %d", iter, over, turned)
		}
		if turned > 0 {
			tested++
		}
	}
	if tested < 20 {
		t.Fatalf("only %d iterations turned a receipt away", tested)
	}
}

func TestPropertyActiveSetMatchesModel(t *testing.T) {
	all := append(catalogtest.Builtin(t), catalogtest.GitHub(t)...)
	rng := rand.New(rand.NewPCG(13, 2026))
	for iter := 0; iter < 300; iter++ {
		s, cs := randomSurface(t, rng, all)
		run := fmt.Sprintf("run-%d", iter)
		groups, gen := randomRun(t, rng, all, s, cs, run, func() int { return rng.IntN(5) }, func() int { return 1 + rng.IntN(3) })
		a, err := Reconstruct(testKey, run, s, groups, Ceilings{QueryBytes: 512, Results: 25, Active: 1000, SchemaBytes: 1 << 30, Receipts: 1000})
		if err != nil {
			t.Fatal(err)
		}
		want := modelActive(cs, s.Pins(), gen)
		if !slices.Equal(a.Active(), want) {
			t.Fatalf("iter %d: active %v, model %v", iter, a.Active(), want)
		}
		var rejected []string
		for _, g := range gen {
			if r := g.reason(); r != "" {
				rejected = append(rejected, r)
			}
		}
		var got []string
		for _, r := range a.Rejected {
			got = append(got, r.Reason)
		}
		if !slices.Equal(got, rejected) {
			t.Fatalf("iter %d: rejected %v, want %v", iter, got, rejected)
		}
		// only valid receipts matter, and stale ones of their own step (a
		// later one supersedes the valid): dropping every other invalid
		// one changes nothing
		var onlyValid [][]json.RawMessage
		for _, g := range gen {
			if g.activates() || (g.kind == genStale && g.step <= g.group) {
				for len(onlyValid) <= g.group {
					onlyValid = append(onlyValid, nil)
				}
				onlyValid[g.group] = append(onlyValid[g.group], g.raw)
			}
		}
		b, _ := Reconstruct(testKey, run, s, onlyValid, Ceilings{QueryBytes: 512, Results: 25, Active: 1000, SchemaBytes: 1 << 30, Receipts: 1000})
		if !slices.Equal(b.Active(), a.Active()) {
			t.Fatalf("iter %d: invalid receipts changed activation: %v vs %v", iter, a.Active(), b.Active())
		}
		// a long run may send as [] every group before the first that holds
		// a used receipt (the OpenAPI document says so): same activation
		firstUsed := len(groups)
		for _, acc := range a.Accepted {
			for gi, idx := 0, 0; gi < len(groups); gi++ {
				if acc.Used && acc.Index >= idx && acc.Index < idx+len(groups[gi]) {
					firstUsed = min(firstUsed, gi)
				}
				idx += len(groups[gi])
			}
		}
		trimmed := make([][]json.RawMessage, len(groups))
		copy(trimmed[min(firstUsed, len(groups)):], groups[min(firstUsed, len(groups)):])
		if firstUsed < len(groups) {
			c, _ := Reconstruct(testKey, run, s, trimmed, Ceilings{QueryBytes: 512, Results: 25, Active: 1000, SchemaBytes: 1 << 30, Receipts: 1000})
			if !slices.Equal(c.Active(), a.Active()) {
				t.Fatalf("iter %d: earlier groups sent empty changed activation: %v vs %v", iter, c.Active(), a.Active())
			}
		}
		// a new run inherits nothing
		fresh, _ := Reconstruct(testKey, run+"-next", s, groups, Ceilings{QueryBytes: 512, Results: 25, Active: 1000, SchemaBytes: 1 << 30, Receipts: 1000})
		if !slices.Equal(fresh.Active(), modelActive(cs, s.Pins(), nil)) {
			t.Fatalf("iter %d: a new run inherited %v", iter, fresh.Activated)
		}
		// every call is classified as the model says
		for _, c := range all[:40] {
			v := Classify(testKey, run, s, a, 5, c.ID, func(string) bool { return true })
			wantStatus := CallUnknown
			switch {
			case c.CodeOnly && s.Has(c.ID) && slices.Contains(want, "exec"):
				wantStatus = CallActive
			case c.CodeOnly:
			case slices.Contains(want, c.ID):
				wantStatus = CallActive
			case s.Has(c.ID):
				wantStatus = CallSearchRequired
			}
			if v.Status != wantStatus {
				t.Fatalf("iter %d: call %s = %s, model %s", iter, c.ID, v.Status, wantStatus)
			}
		}
	}
}
