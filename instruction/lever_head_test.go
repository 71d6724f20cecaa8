package instruction_test

import (
	"maps"
	"math/rand"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestFlipHeadMatchesCompose: for every tool lever of random drafts that
// Flip leaves to Compose (the full catalog's and small rosters of a few
// declared tools, where most flips turn a capability on or off), a flip
// FlipHead answers gives exactly what composing the flipped draft gives:
// the same sections before the catalog, unit by unit, and a catalog whose
// units are the base's less Gone plus Added. Many are answered (the point
// of it), and none of a deferred draft.
func TestFlipHeadMatchesCompose(t *testing.T) {
	rng := rand.New(rand.NewSource(28))
	full := catalogtest.Full(t)
	answered, composed := 0, 0
	var scratch instruction.Scratch
	for n := 0; n < 96; n++ {
		d := randomDraft(rng, full, []string{"github"}, n%8)
		if n >= 8 {
			d = smallDraft(rng, full, d)
		}
		base, err := instruction.Compose(d.Input())
		if err != nil {
			t.Fatal(err)
		}
		lb := d.LeverBase()
		tf := instruction.NewToolFlips(lb, base)
		for _, e := range d.Declared {
			if _, ok := tf.Flip(e.ID()); ok {
				continue
			}
			if !d.Options.Deferred {
				composed++
			}
			f, ok := tf.FlipHead(e.ID(), &scratch)
			if !ok {
				continue
			}
			if d.Options.Deferred {
				t.Fatalf("draft %d: a deferred draft's flip of %s was answered", n, e.ID())
			}
			answered++
			flipped, _ := d.Flip(instruction.LeverToolPrefix + e.ID())
			c, err := instruction.Compose(flipped.Input())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := headKeys(f.Head), headKeys(c.Sections); !slices.Equal(got, want) {
				t.Fatalf("draft %d (tier %s, form %s), flip %s: head\n got %v\nwant %v", n, d.Options.Tier, d.Options.CatalogForm, e.ID(), got, want)
			}
			want := unitsByGroup(base)[instruction.GroupCatalog]
			for _, u := range f.Catalog.Gone {
				want[u.Key]--
			}
			for _, u := range f.Catalog.Added {
				want[u.Key]++
			}
			maps.DeleteFunc(want, func(_ string, n int) bool { return n == 0 })
			if got := unitsByGroup(c)[instruction.GroupCatalog]; !maps.Equal(got, want) {
				t.Fatalf("draft %d (tier %s, form %s), flip %s: the catalog differs from the composed flip", n, d.Options.Tier, d.Options.CatalogForm, e.ID())
			}
		}
	}
	t.Logf("%d of the %d tool flips Flip leaves to Compose answered by composing the head only", answered, composed)
	if answered*2 < composed {
		t.Errorf("only %d of %d composed tool flips answered", answered, composed)
	}
}

// smallDraft declares a dozen or two tools of the catalog (always a few
// that gate blocks: exec, workspace_write, a chart, a web tool), selects
// about half, and gives it skills that need one of them, keeping d's
// options, services and approvals.
func smallDraft(rng *rand.Rand, cat *catalog.Catalog, d instruction.Draft) instruction.Draft {
	ids := []string{"exec", "workspace_write", "render_chart", "web_search", "read_spreadsheet", "load_table"}
	for _, e := range cat.Entries() {
		if rng.Intn(12) == 0 {
			ids = append(ids, e.ID())
		}
	}
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	d.Declared, d.Selected = nil, map[string]bool{}
	for _, id := range ids[:6+rng.Intn(len(ids)-5)] {
		if e, ok := cat.Get(id); ok && !slices.Contains(d.Declared, e) {
			d.Declared = append(d.Declared, e)
			d.Selected[id] = rng.Intn(2) == 0
		}
	}
	d.Skills = []instruction.Skill{{Slug: "r", Name: "Report", Summary: "Writes a report.", Version: 3, RequiredTools: []string{"load_table"}},
		{Slug: "c", Name: "Charts", Summary: "Draws charts.", Version: 1, RequiredTools: []string{"render_chart"}}}
	if rng.Intn(2) == 0 {
		d.Skills = append(d.Skills, instruction.Skill{Slug: "n", Name: "Notes", Summary: "Keeps notes.", Version: 7})
	}
	if rng.Intn(3) == 0 {
		d.Options.Host = instruction.HostMCP
	}
	return d
}

// headKeys lists the sections before the catalog as "id/group" followed
// by their unit keys, in order.
func headKeys(ss []instruction.Section) []string {
	var out []string
	for _, s := range ss {
		if s.Group == instruction.GroupCatalog {
			break
		}
		out = append(out, s.ID+"/"+s.Group)
		for _, u := range s.Units {
			out = append(out, u.Key)
		}
	}
	return out
}
