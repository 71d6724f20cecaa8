package instruction_test

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// TestLeverBaseFlipsMatchPlainFlips: every lever of a draft prepared with
// LeverBase (rosters derived from the settled one) gives the same input
// as the same flip of the plain draft, on random drafts with services
// connected or not, and after a second flip.
func TestLeverBaseFlipsMatchPlainFlips(t *testing.T) {
	cat := fullCatalog(t)
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 60; n++ {
		decl := cat.Entries()
		rng.Shuffle(len(decl), func(i, j int) { decl[i], decl[j] = decl[j], decl[i] })
		decl = decl[:rng.Intn(len(decl)+1)]
		d := instruction.Draft{Declared: decl, Selected: map[string]bool{}, DeclaredServices: []string{"github"}, Connected: map[string]bool{"github": rng.Intn(2) == 0}, Options: instruction.DefaultOptions()}
		for _, e := range decl {
			if rng.Intn(2) == 0 {
				d.Selected[e.ID()] = true
			}
		}
		base := d.LeverBase()
		for _, l := range d.LeverIDs() {
			want, err := d.Flip(l)
			if err != nil {
				t.Fatal(err)
			}
			got, err := base.Flip(l)
			if err != nil {
				t.Fatal(err)
			}
			if w, g := ids(want.Input().Roster), ids(got.Input().Roster); !reflect.DeepEqual(w, g) {
				t.Fatalf("draft %d, lever %s: roster %v, want %v", n, l, g, w)
			}
			if len(decl) > 0 {
				second := "tool:" + decl[rng.Intn(len(decl))].ID()
				w2, _ := want.Flip(second)
				g2, _ := got.Flip(second)
				if w, g := ids(w2.Input().Roster), ids(g2.Input().Roster); !reflect.DeepEqual(w, g) {
					t.Fatalf("draft %d, levers %s then %s: roster %v, want %v", n, l, second, g, w)
				}
			}
		}
	}
}

func ids(es []*catalog.Entry) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.ID())
	}
	return out
}
