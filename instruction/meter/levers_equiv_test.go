package meter_test

import (
	"math/rand"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

// TestLeverFiguresMatchFullRecomposition: over random configurations
// (small rosters where most flips turn a capability, a skill or the
// worked example on or off, and the whole catalog; every tier, form,
// host and encoding, services connected or not, approvals, pins, and
// deferred drafts), every lever's figures are those of composing the
// flipped draft in full and counting it: the shortcuts the levers take
// change no figure.
func TestLeverFiguresMatchFullRecomposition(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(100000)
	rng := rand.New(rand.NewSource(2028))
	levers := 0
	for i := 0; i < 160; i++ {
		d := equivDraft(rng, cat, i)
		enc := meter.Encodings[i%2]
		p, base, err := m.Project(enc, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, want, _ := m.Measure(enc, base); want != p.Totals {
			t.Fatalf("draft %d: totals %+v, measured %+v", i, p.Totals, want)
		}
		for j, l := range p.Levers {
			if len(d.Declared) > 40 && j%9 != i%9 && l.ID[:5] == "tool:" {
				continue // a ninth of the whole catalog's tool levers keeps this quick
			}
			f, err := d.Flip(l.ID)
			if err != nil {
				t.Fatal(err)
			}
			c, err := instruction.Compose(f.Input())
			if err != nil {
				t.Fatal(err)
			}
			_, got, err := m.Measure(enc, c)
			if err != nil {
				t.Fatal(err)
			}
			if want := got.Sub(p.Totals); l.Delta != want {
				t.Fatalf("draft %d (tier %s, form %s, deferred %v), lever %s: delta %+v, full recomposition %+v", i, d.Options.Tier, d.Options.CatalogForm, d.Options.Deferred, l.ID, l.Delta, want)
			}
			if l.On != d.On(l.ID) {
				t.Fatalf("draft %d, lever %s: on %v, the draft says %v", i, l.ID, l.On, d.On(l.ID))
			}
			levers++
		}
	}
	t.Logf("%d levers checked", levers)
}

// equivDraft is draft i of the equivalence test: every fourth declares
// the whole catalog, the others a few tools including the ones that gate
// blocks, with skills that need some of them.
func equivDraft(rng *rand.Rand, cat *catalog.Catalog, i int) instruction.Draft {
	d := draftOf(cat, rng, rng.Float64())
	if i%4 != 0 {
		d.Declared, d.Selected = nil, map[string]bool{}
		ids := []string{"exec", "workspace_write", "render_chart", "web_search", "load_table", "read_spreadsheet", "github.get_me", "github.list_issues"}
		for _, e := range cat.Entries() {
			if rng.Intn(14) == 0 {
				ids = append(ids, e.ID())
			}
		}
		rng.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
		seen := map[string]bool{}
		for _, id := range ids[:4+rng.Intn(len(ids)-3)] {
			if e, ok := cat.Get(id); ok && !seen[id] {
				seen[id] = true
				d.Declared = append(d.Declared, e)
				d.Selected[id] = rng.Intn(2) == 0
			}
		}
		d.Skills = append(d.Skills, instruction.Skill{Slug: "c", Name: "Charts", Summary: "Draws charts.", Version: 1, RequiredTools: []string{"render_chart"}})
		if rng.Intn(2) == 0 {
			d.Skills = append(d.Skills, instruction.Skill{Slug: "n", Name: "Notes", Summary: "Keeps notes.", Version: 7})
		}
	}
	if rng.Intn(3) == 0 {
		d.Options.Host = instruction.HostMCP
	}
	if rng.Intn(4) == 0 {
		d.Options.Pins = []string{"render_chart", "web_search"}
	}
	if rng.Intn(3) == 0 {
		approval := map[string]bool{}
		for _, e := range d.Declared {
			approval[e.ID()] = rng.Intn(3) == 0
		}
		d.ApprovalOnly = func(id string) bool { return approval[id] }
	}
	return d
}
