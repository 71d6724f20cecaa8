package instruction_test

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestWithTierMatchesCompose: for random drafts, the composition
// WithTier makes in each tier has the sections and units composing the
// draft in that tier makes; a deferred draft's composition is refused.
func TestWithTierMatchesCompose(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	cat := catalogtest.Full(t)
	answered := 0
	for n := 0; n < 16; n++ {
		d := randomDraft(rng, cat, []string{"github"}, n)
		base, err := instruction.Compose(d.Input())
		if err != nil {
			t.Fatal(err)
		}
		for _, tier := range instruction.Tiers {
			got, ok := base.WithTier(tier)
			if d.Options.Deferred {
				if ok {
					t.Fatalf("draft %d: a deferred composition was answered", n)
				}
				continue
			}
			if !ok {
				t.Fatalf("draft %d (tier %s → %s): not answered", n, d.Options.Tier, tier)
			}
			answered++
			flipped, _ := d.Flip(instruction.LeverTierPrefix + tier)
			want, err := instruction.Compose(flipped.Input())
			if err != nil {
				t.Fatal(err)
			}
			sameSections(t, fmt.Sprintf("draft %d (tier %s → %s, form %s)", n, d.Options.Tier, tier, d.Options.CatalogForm), got, want)
			if got.Options.Tier != tier {
				t.Fatalf("draft %d: tier %s, want %s", n, got.Options.Tier, tier)
			}
		}
		if again, _ := instruction.Compose(d.Input()); again.Text() != base.Text() {
			t.Fatalf("draft %d: the base composition changed", n)
		}
	}
	if answered < 36 {
		t.Errorf("only %d tier flips answered", answered)
	}
	if _, ok := (instruction.Composition{}).WithTier("huge"); ok {
		t.Error("an unknown tier was answered")
	}
}

// sameSections fails unless got has want's sections, in order, with the
// same units, and the same text.
func sameSections(t *testing.T, what string, got, want instruction.Composition) {
	t.Helper()
	if len(got.Sections) != len(want.Sections) {
		t.Fatalf("%s: %d sections, composing makes %d", what, len(got.Sections), len(want.Sections))
	}
	for i := range want.Sections {
		g, w := got.Sections[i], want.Sections[i]
		if g.ID != w.ID || g.Group != w.Group || !slices.EqualFunc(g.Units, w.Units, func(a, b catalog.Unit) bool { return a.Key == b.Key }) {
			t.Fatalf("%s: section %d is %s/%s with %d units, composing makes %s/%s with %d", what, i, g.ID, g.Group, len(g.Units), w.ID, w.Group, len(w.Units))
		}
	}
	if got.Text() != want.Text() {
		t.Fatalf("%s: the text differs from composing", what)
	}
}

// TestWithCatalogFormMatchesCompose: for random drafts (every tier and
// form, with or without exec, services, pins, a skill, approval marks),
// the composition WithCatalogForm makes has the sections, in order, with
// the units composing the draft in the other form makes; a deferred
// draft's composition is refused.
func TestWithCatalogFormMatchesCompose(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	cat := catalogtest.Full(t)
	answered := 0
	for n := 0; n < 16; n++ {
		d := randomDraft(rng, cat, []string{"github"}, n)
		base, err := instruction.Compose(d.Input())
		if err != nil {
			t.Fatal(err)
		}
		form := catalog.FormCompact
		if d.Options.CatalogForm == catalog.FormCompact {
			form = catalog.FormFull
		}
		got, ok := base.WithCatalogForm(form)
		if d.Options.Deferred {
			if ok {
				t.Fatalf("draft %d: a deferred composition was answered", n)
			}
			continue
		}
		if !ok {
			t.Fatalf("draft %d (tier %s, form %s): not answered", n, d.Options.Tier, d.Options.CatalogForm)
		}
		answered++
		flipped, _ := d.Flip(instruction.LeverCompact)
		want, err := instruction.Compose(flipped.Input())
		if err != nil {
			t.Fatal(err)
		}
		sameSections(t, fmt.Sprintf("draft %d (tier %s, form %s → %s)", n, d.Options.Tier, d.Options.CatalogForm, form), got, want)
		if got.Text() != want.Text() || got.Options.CatalogForm != form {
			t.Fatalf("draft %d: the text or the form differs from composing", n)
		}
		// the base is left as it was
		if again, _ := instruction.Compose(d.Input()); again.Text() != base.Text() {
			t.Fatalf("draft %d: the base composition changed", n)
		}
	}
	if answered < 12 {
		t.Errorf("only %d drafts answered", answered)
	}
}
