package instruction_test

import (
	"math/rand"
	"os"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestHeadKeyNamesTheHead: over every tool flip FlipHead answers and
// every tier WithTier composes in random drafts (the full catalog with two
// services and small rosters; every tier and both hosts; skills whose
// lines differ in one word, version or name), two heads with the same
// HeadKey are the same, unit by unit; FlipHeadKey answers exactly the
// flips FlipHead answers, with the same catalog change, and TierHeadKey
// the tiers WithTier composes. Many heads share a key (what makes the key
// worth having) and many keys are met.
func TestHeadKeyNamesTheHead(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	// a second service (the GitHub fixture again, as "ghe"): which of
	// the connected services have tools in the roster varies
	b, err := os.ReadFile(catalogtest.FixturePath())
	if err != nil {
		t.Fatal(err)
	}
	ghe, ps := catalog.Parse(catalog.FormatMCP, b, "ghe")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	full := catalogtest.New(t, append(append(catalogtest.Builtin(t), catalogtest.GitHub(t)...), ghe...))
	heads := map[instruction.HeadKey][]string{}
	flips, shared := 0, 0
	var scratch instruction.Scratch
	for n := 0; n < 400; n++ {
		d := randomDraft(rng, full, []string{"github", "ghe"}, n%8)
		if n%8 != 0 {
			d = smallDraft(rng, full, d)
		}
		for i := range d.Skills {
			switch rng.Intn(4) {
			case 0:
				d.Skills[i].Summary += " Briefly."
			case 1:
				d.Skills[i].Version++
			case 2:
				d.Skills[i].Name += " II"
			}
		}
		base, err := instruction.Compose(d.Input())
		if err != nil {
			t.Fatal(err)
		}
		for _, tier := range instruction.Tiers {
			k, ok := base.TierHeadKey(tier)
			c, cok := base.WithTier(tier)
			if ok != cok {
				t.Fatalf("draft %d: TierHeadKey(%s) answers %v, WithTier %v", n, tier, ok, cok)
			}
			if !ok {
				continue
			}
			flips++
			got := headKeys(c.Sections)
			if want, seen := heads[k]; seen {
				shared++
				if !slices.Equal(got, want) {
					t.Fatalf("draft %d (tier %s, host %q): the %s head shares a key with another\n got %v\nwant %v", n, d.Options.Tier, d.Options.Host, tier, got, want)
				}
				continue
			}
			heads[k] = got
		}
		tf := instruction.NewToolFlips(d.LeverBase(), base)
		for _, e := range d.Declared {
			k, cat, ok := tf.FlipHeadKey(e.ID(), &scratch)
			f, fok := tf.FlipHead(e.ID(), &scratch)
			if ok != fok {
				t.Fatalf("draft %d, flip %s: FlipHeadKey answers %v, FlipHead %v", n, e.ID(), ok, fok)
			}
			if !ok {
				continue
			}
			if !slices.Equal(unitKeys(cat.Gone), unitKeys(f.Catalog.Gone)) || !slices.Equal(unitKeys(cat.Added), unitKeys(f.Catalog.Added)) {
				t.Fatalf("draft %d, flip %s: the catalog changes differ", n, e.ID())
			}
			flips++
			got := headKeys(f.Head)
			if want, seen := heads[k]; seen {
				shared++
				if !slices.Equal(got, want) {
					t.Fatalf("draft %d (tier %s, host %q), flip %s: two heads share a key\n got %v\nwant %v", n, d.Options.Tier, d.Options.Host, e.ID(), got, want)
				}
				continue
			}
			heads[k] = got
		}
	}
	t.Logf("%d heads composed, %d keys, %d heads met a key already seen", flips, len(heads), shared)
	if shared*2 < flips || len(heads) < 100 {
		t.Errorf("%d heads composed, %d keys, %d met one already seen: too few to judge the key", flips, len(heads), shared)
	}
}

// unitKeys lists the units' keys in order.
func unitKeys(us []catalog.Unit) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.Key
	}
	return out
}
