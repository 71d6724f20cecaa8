package deferred

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// randomSurface draws a random roster from the full catalog (random order,
// random always-on flags) and random pins.
func randomSurface(t *testing.T, rng *rand.Rand, all []catalog.Contract) (*Surface, []catalog.Contract) {
	n := 1 + rng.IntN(30)
	perm := rng.Perm(len(all))[:n]
	var cs []catalog.Contract
	for _, i := range perm {
		c := all[i]
		c.AlwaysOn = !c.CodeOnly && rng.IntN(6) == 0
		cs = append(cs, c)
	}
	cat := catalogtest.New(t, cs)
	var pins []string
	for _, c := range cs {
		if rng.IntN(8) == 0 {
			pins = append(pins, c.ID)
		}
	}
	s, err := NewSurface(cat.Entries(), SurfaceOptions{Agent: "agent", Pins: pins})
	if err != nil {
		t.Fatal(err)
	}
	return s, cs
}

// randomRun draws another surface (for cross-surface receipts) and a
// run's receipts over s, grouped by step: groups() and perGroup() are
// drawn anew at each loop test, as a conversation's length is.
func randomRun(t *testing.T, rng *rand.Rand, all []catalog.Contract, s *Surface, cs []catalog.Contract, run string, groups, perGroup func() int) ([][]json.RawMessage, []genReceipt) {
	other, _ := randomSurface(t, rng, all)
	var searchable []string
	for _, c := range cs {
		if s.Searchable(c.ID) {
			searchable = append(searchable, c.ID)
		}
	}
	var out [][]json.RawMessage
	var gen []genReceipt
	for g := 0; g < groups(); g++ {
		var group []json.RawMessage
		for p := 0; p < perGroup(); p++ {
			r := generate(t, rng, s, other, run, searchable, g)
			gen = append(gen, r)
			group = append(group, r.raw)
		}
		out = append(out, group)
	}
	return out, gen
}

func generate(t *testing.T, rng *rand.Rand, s, other *Surface, run string, searchable []string, group int) genReceipt {
	step := group + rng.IntN(2)
	kind := genKind(rng.IntN(int(genKinds)))
	if len(searchable) == 0 && (kind == genValid || kind == genSearchRequired) {
		kind = genForged
	}
	if other.Key() == s.Key() && kind == genStale {
		kind = genCrossRun
	}
	var names []string
	for _, i := range rng.Perm(len(searchable))[:min(len(searchable), 1+rng.IntN(4))] {
		names = append(names, searchable[i])
	}
	if len(names) == 0 {
		names = []string{"x_tool"}
	}
	g := genReceipt{kind: kind, step: step, group: group, names: names}
	r := Mint(testKey, KindSearch, run, s.Key(), step, names)
	switch kind {
	case genForged:
		switch rng.IntN(4) {
		case 0:
			r = Mint([]byte("a guessed key"), KindSearch, run, s.Key(), step, names)
		case 1:
			r.Names = append(r.Names, "exec_extra")
		case 2:
			r.Step++
		default:
			r.Run = run + "x"
		}
	case genCrossRun:
		r = Mint(testKey, KindSearch, run+"-other", s.Key(), step, names)
	case genStale:
		r = Mint(testKey, KindSearch, run, other.Key(), step, names)
	case genSearchRequired:
		r = Mint(testKey, KindSearchRequired, run, s.Key(), step, names[:1])
	case genUnknownName:
		bad := "not_a_tool"
		for _, e := range s.Roster() {
			if e.Contract().CodeOnly && rng.IntN(2) == 0 {
				bad = e.ID()
			}
		}
		r = Mint(testKey, KindSearch, run, s.Key(), step, append(names[:len(names):len(names)], bad))
	case genMalformed:
		b := raw(t, r)
		switch rng.IntN(3) {
		case 0:
			g.raw = b[:len(b)/2]
		case 1:
			g.raw = json.RawMessage(`{"v":1}`)
		default:
			g.raw = json.RawMessage(`[1,2,3]`)
		}
		return g
	}
	g.raw = raw(t, r)
	return g
}
