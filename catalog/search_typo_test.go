package catalog

import (
	"slices"
	"testing"
)

// One slip is a letter added, left out, swapped with its neighbour or
// changed for a key next to it; anything more, or a change across the
// keyboard, is another word.
func TestOneSlip(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"lsit", "list", true},    // swapped
		{"renma", "renam", true},  // swapped
		{"lis", "list", true},     // left out
		{"lisst", "list", true},   // added
		{"lidt", "list", true},    // d is next to s
		{"lipt", "list", false},   // p is not next to s
		{"older", "order", false}, // l and r are far apart
		{"list", "list", false},
		{"lsti", "list", false}, // two slips
		{"abcdef", "abcd", false},
	} {
		if got := oneSlip(c.a, c.b); got != c.want {
			t.Errorf("oneSlip(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := oneSlip(c.b, c.a); got != c.want {
			t.Errorf("oneSlip(%q, %q) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
	for _, p := range [][2]byte{{'q', 'w'}, {'a', 'q'}, {'a', 'w'}, {'s', 'x'}, {'m', 'k'}, {'m', 'j'}} {
		if !neighbourKeys(p[0], p[1]) || !neighbourKeys(p[1], p[0]) {
			t.Errorf("%c and %c are neighbours", p[0], p[1])
		}
	}
	for _, p := range [][2]byte{{'q', 'e'}, {'a', 'x'}, {'l', 'r'}, {'m', 'h'}, {'1', 'q'}} {
		if neighbourKeys(p[0], p[1]) {
			t.Errorf("%c and %c are not neighbours", p[0], p[1])
		}
	}
}

// A word no tool uses and no lexicon knows reaches the index's words one
// slip away; a word the lexicon knows, or a content word, does not.
func TestMistypedWordsFindTheirTool(t *testing.T) {
	list := Contract{ID: "list_items", Title: "List items", Purpose: "List the items.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	order := Contract{ID: "order_items", Title: "Order items", Purpose: "Order the items.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	ix := NewIndex([]Contract{order, list})
	if got := ix.nearWords(stemWord("lsit", false)); !slices.Equal(got, []string{"list"}) {
		t.Errorf("near lsit: %v, want [list]", got)
	}
	if hits := ix.Search("lsit the items", 2); len(hits) == 0 || hits[0].ID != "list_items" {
		t.Errorf("lsit the items: %+v, want list_items first", hits)
	}
	if hits := ix.Search("lsit 'ordr' items", 2); len(hits) == 0 || hits[0].ID != "list_items" {
		t.Errorf("a quoted word is not corrected: %+v, want list_items first", hits)
	}
	if got := ix.nearWords("ab"); got != nil {
		t.Errorf("a short word is corrected: %v", got)
	}
}
