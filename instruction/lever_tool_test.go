package instruction_test

import (
	"maps"
	"math/rand"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestToolFlipsMatchCompose: for every tool lever of random drafts (the
// 151-tool and the 1,000-tool catalogs, random selections, services
// connected or not, every tier and form, with or without exec, pins and a
// skill), a flip ToolFlips answers changes the composition exactly as
// composing the flipped draft does: group by group, the flipped
// composition's units are the base's less Gone plus Added. Most tool flips
// are answered (the point of it), and none of a deferred draft.
func TestToolFlipsMatchCompose(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, cat := range []struct {
		name string
		c    *catalog.Catalog
		ns   []string
	}{{"151 tools", catalogtest.Full(t), []string{"github"}}, {"1,000 tools", catalogtest.Large(t), catalogtest.LargeNamespaces()}} {
		answered, flips := 0, 0
		for n := 0; n < 8; n++ {
			d := randomDraft(rng, cat.c, cat.ns, n)
			base, err := instruction.Compose(d.Input())
			if err != nil {
				t.Fatal(err)
			}
			lb := d.LeverBase()
			tf := instruction.NewToolFlips(lb, base)
			for i, e := range d.Declared {
				if cat.c.Len() > 200 && i%5 != n%5 {
					continue // a fifth of the large catalog's levers per draft keeps this quick
				}
				flips++
				f, ok := tf.Flip(e.ID())
				if !ok {
					continue
				}
				if d.Options.Deferred {
					t.Fatalf("%s, draft %d: a deferred draft's flip of %s was answered", cat.name, n, e.ID())
				}
				answered++
				flipped, _ := d.Flip(instruction.LeverToolPrefix + e.ID())
				c, err := instruction.Compose(flipped.Input())
				if err != nil {
					t.Fatal(err)
				}
				want := unitsByGroup(base)
				for _, u := range f.Gone {
					want[instruction.GroupCatalog][u.Key]--
				}
				for _, u := range f.Added {
					want[instruction.GroupCatalog][u.Key]++
				}
				got := unitsByGroup(c)
				for g := range want {
					maps.DeleteFunc(want[g], func(_ string, n int) bool { return n == 0 })
					if !maps.Equal(got[g], want[g]) {
						t.Fatalf("%s, draft %d (tier %s, form %s), flip %s: the %s group differs from the composed flip", cat.name, n, d.Options.Tier, d.Options.CatalogForm, e.ID(), g)
					}
				}
			}
		}
		t.Logf("%s: %d of %d tool flips answered without composing", cat.name, answered, flips)
		if answered*2 < flips {
			t.Errorf("%s: only %d of %d tool flips answered", cat.name, answered, flips)
		}
	}
}

// randomDraft declares the whole catalog with a random selection; draft n
// varies tier, form, exec, services, pins, a skill and (every eighth) the
// deferred mode.
func randomDraft(rng *rand.Rand, cat *catalog.Catalog, ns []string, n int) instruction.Draft {
	d := instruction.Draft{Declared: cat.Entries(), Selected: map[string]bool{}, DeclaredServices: ns, Connected: map[string]bool{}, Options: instruction.DefaultOptions()}
	for _, s := range ns {
		d.Connected[s] = rng.Intn(4) != 0
	}
	p := rng.Float64()
	for _, e := range cat.Entries() {
		if rng.Float64() < p {
			d.Selected[e.ID()] = true
		}
	}
	d.Selected["exec"] = n%2 == 0
	if n%3 == 1 {
		d.Selected["workspace_write"] = false
	}
	d.Options.Tier = instruction.Tiers[n%3]
	if n%4 >= 2 {
		d.Options.CatalogForm = catalog.FormCompact
	}
	if n%4 == 1 {
		d.Options.Pins = []string{"web_search", cat.Entries()[rng.Intn(cat.Len())].ID()}
		d.Skills = []instruction.Skill{{Slug: "q", Name: "Quarterly", Summary: "Quarterly report.", Version: 2, RequiredTools: []string{"read_spreadsheet"}}}
	}
	d.Options.Deferred = n == 7
	if n%2 == 1 {
		// a subject granted some tools only with approval: their entries
		// carry the approval mark, which a flip adds or removes with them
		approval := map[string]bool{}
		for _, e := range cat.Entries() {
			approval[e.ID()] = rng.Intn(3) == 0
		}
		d.ApprovalOnly = func(id string) bool { return approval[id] }
	}
	return d
}

// unitsByGroup counts a composition's unit keys per section group.
func unitsByGroup(c instruction.Composition) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, g := range instruction.Groups {
		out[g] = map[string]int{}
	}
	for _, s := range c.Sections {
		for _, u := range s.Units {
			out[s.Group][u.Key]++
		}
	}
	return out
}
