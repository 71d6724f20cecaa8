package meter_test

import (
	"math/rand"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

// TestProjectionTextsAreTheComposition: a projection's text is the
// composition's text and each section view's text is its section's, for
// drafts of every size.
func TestProjectionTextsAreTheComposition(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(100000)
	rng := rand.New(rand.NewSource(11))
	for i, share := range []float64{0, 0.2, 0.5, 1} {
		d := draftOf(cat, rng, share)
		p, _, err := m.Project(meter.Encodings[i%2], d, nil)
		if err != nil {
			t.Fatal(err)
		}
		c, err := instruction.Compose(d.Input())
		if err != nil {
			t.Fatal(err)
		}
		if p.Text != c.Text() {
			t.Fatalf("draft %d: the projection's text is not the composition's", i)
		}
		if len(p.Sections) != len(c.Sections) {
			t.Fatalf("draft %d: %d section views for %d sections", i, len(p.Sections), len(c.Sections))
		}
		for j, s := range c.Sections {
			if p.Sections[j].ID != s.ID || p.Sections[j].Text != s.Text() {
				t.Fatalf("draft %d section %d (%s): %q, want %q", i, j, s.ID, p.Sections[j].Text, s.Text())
			}
		}
	}
}
