package meter_test

import (
	"math/rand"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

func fullCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	return catalogtest.Full(t)
}

// draftOf declares every tool of the catalog and selects each with
// probability p.
func draftOf(cat *catalog.Catalog, rng *rand.Rand, p float64) instruction.Draft {
	d := instruction.Draft{Declared: cat.Entries(), Selected: map[string]bool{}, DeclaredServices: []string{"github"}, Connected: map[string]bool{"github": rng.Intn(2) == 0}, Options: instruction.DefaultOptions()}
	for _, e := range cat.Entries() {
		if rng.Float64() < p {
			d.Selected[e.ID()] = true
		}
	}
	d.Options.Tier = instruction.Tiers[rng.Intn(3)]
	if rng.Intn(2) == 0 {
		d.Options.CatalogForm = catalog.FormCompact
	}
	d.Options.Deferred = rng.Intn(4) == 0
	d.Skills = []instruction.Skill{{Slug: "q", Name: "Quarterly", Summary: "Quarterly report <|endoftext|> procedure.", Version: 2, RequiredTools: []string{"read_spreadsheet"}}}
	return d
}

// TestAdditivity: the sum of section counts equals the count of the whole
// text, on random rosters, for both encodings.
func TestAdditivity(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(100000)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 24; i++ {
		d := draftOf(cat, rng, rng.Float64())
		c, err := instruction.Compose(d.Input())
		if err != nil {
			t.Fatal(err)
		}
		for _, enc := range meter.Encodings {
			counts, totals, err := m.Measure(enc, c)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0
			for _, n := range counts {
				sum += n
			}
			whole, _ := m.Count(enc, c.Text())
			if sum != whole || totals.Total != whole || totals.Body+totals.Protocol+totals.Catalog != whole {
				t.Fatalf("draft %d %s: sections sum %d, totals %+v, whole text %d", i, enc, sum, totals, whole)
			}
		}
	}
}

// TestLeverDeltasAreExact checks every lever's delta against brute force:
// flip, compose, count the whole text of each group.
func TestLeverDeltasAreExact(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(100000)
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 3; i++ {
		d := draftOf(cat, rng, 0.5)
		enc := meter.Encodings[i%2]
		p, _, err := m.Project(enc, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		for j, l := range p.Levers {
			if j%7 != 0 && l.ID[:5] == "tool:" {
				continue // every 7th tool lever plus all the others keeps this test quick
			}
			f, _ := d.Flip(l.ID)
			c, err := instruction.Compose(f.Input())
			if err != nil {
				t.Fatal(err)
			}
			got := bruteTotals(t, m, enc, c)
			want := p.Totals
			want.Body += l.Delta.Body
			want.Protocol += l.Delta.Protocol
			want.Catalog += l.Delta.Catalog
			want.Total += l.Delta.Total
			if got != want {
				t.Fatalf("lever %s: base %+v + delta %+v = %+v, brute force %+v", l.ID, p.Totals, l.Delta, want, got)
			}
		}
	}
}

func bruteTotals(t *testing.T, m *meter.Meter, enc string, c instruction.Composition) meter.Totals {
	t.Helper()
	texts := map[string]string{}
	for _, s := range c.Sections {
		texts[s.Group] += s.Text()
	}
	n := func(g string) int {
		k, err := m.Count(enc, texts[g])
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	tot := meter.Totals{Body: n(instruction.GroupBody), Protocol: n(instruction.GroupProtocol), Catalog: n(instruction.GroupCatalog)}
	whole, _ := m.Count(enc, c.Text())
	tot.Total = whole
	return tot
}

func TestExecLeverMovesBodyProtocolAndCatalog(t *testing.T) {
	cat := fullCatalog(t)
	d := instruction.Draft{Declared: cat.Entries(), Selected: map[string]bool{}, Connected: map[string]bool{}, Options: instruction.DefaultOptions()}
	for _, e := range cat.Entries() {
		d.Selected[e.ID()] = true
	}
	d.Options.Tier = instruction.TierFull
	p, _, err := meter.New(10000).Project(meter.O200k, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range p.Levers {
		if l.ID == "tool:exec" {
			if !l.On || l.Delta.Body >= 0 || l.Delta.Protocol >= 0 || l.Delta.Catalog >= 0 {
				t.Errorf("exec lever = %+v, want negative body, protocol and catalog", l)
			}
			return
		}
	}
	t.Fatal("no exec lever")
}

func TestSpecialTokensCountAsText(t *testing.T) {
	m := meter.New(10)
	for _, enc := range meter.Encodings {
		n, err := m.Count(enc, "before <|endoftext|> after <|fim_prefix|>")
		if err != nil || n < 8 {
			t.Errorf("%s: %d, %v", enc, n, err)
		}
	}
	if _, err := m.Count("gpt2", "x"); err == nil {
		t.Error("unknown encoding accepted")
	}
}

func TestMemoIsBounded(t *testing.T) {
	m := meter.New(10)
	for i := 0; i < 100; i++ {
		u := catalog.NewUnit(string(rune('a'+i%26)) + "x\n")
		if _, err := m.CountUnit(meter.O200k, u); err != nil {
			t.Fatal(err)
		}
	}
	if n := m.MemoSize(); n > 10 {
		t.Errorf("memo holds %d entries, limit 10", n)
	}
}

// TestCatalogFormTokens reports (with -v) the full and compact catalog
// token counts of the default catalog and of the GitHub fixture, and
// checks the compact form is smaller for every tool.
func TestCatalogFormTokens(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(10000)
	for _, enc := range meter.Encodings {
		sums := map[string][2]int{}
		for _, e := range cat.Entries() {
			full, _ := m.CountUnit(enc, e.Full())
			compact, _ := m.CountUnit(enc, e.Compact())
			if compact >= full {
				t.Errorf("%s: compact %d ≥ full %d tokens", e.ID(), compact, full)
			}
			group := "default"
			if e.Contract().Namespace() == "github" {
				group = "github"
			}
			s := sums[group]
			sums[group] = [2]int{s[0] + full, s[1] + compact}
		}
		for _, g := range []string{"default", "github"} {
			t.Logf("%s catalog, %s: full %d tokens, compact %d tokens (%.0f%%)", g, enc, sums[g][0], sums[g][1], 100*float64(sums[g][1])/float64(sums[g][0]))
		}
	}
}
