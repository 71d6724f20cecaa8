package catalog

import "testing"

// A count says how many, never what: "the two paragraphs" asks for no
// tool described as taking two things, in a task or in a tool's text.
func TestCountsAreNoTerms(t *testing.T) {
	for q, want := range map[string]string{
		"fuse the two opening paragraphs of essay.md": "fuse* open paragraph [essay] md file",
		"add both new test files to the commit":       "add* new test file commit",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
	if got := (stemmer{}).terms("Compares two text files"); len(got) != 3 {
		t.Errorf("a tool's text keeps its count: %v", got)
	}
}

// A percentage written as a word is a sum as "%" is, and a task with no
// typed verb leads with its reading's verb: "the cell says 48,200. how
// much is 15 percent of this?" asks for a calculation first.
func TestPercentWordsAreSumsAndLead(t *testing.T) {
	for _, q := range []string{"the Total cell says 48,200. how much is 15 percent of this?", "what is 7 per cent of 300"} {
		found := false
		for _, c := range concepts(parseQuery(q)) {
			if c.own == calculateStem {
				found = true
				if c.weight != leadWeight {
					t.Errorf("%q: calculate weighs %v, want the lead's %v", q, c.weight, leadWeight)
				}
			}
		}
		if !found {
			t.Errorf("%q: no calculation read", q)
		}
	}
}
