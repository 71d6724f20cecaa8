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
