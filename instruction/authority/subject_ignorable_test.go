package authority

import (
	"testing"
	"unicode"

	"github.com/agentforge/console/catalog"
)

// TestSubjectKeyDropsWhatContractsRefuse: a subject's key and a
// contract's hidden-text check read one definition of the characters
// that draw nothing (catalog.DefaultIgnorable). Every such character
// between two letters is dropped from a subject's key and refused in a
// contract's text; every other character of the format, variation
// selector and other default-ignorable classes draws something and is
// kept by the key.
func TestSubjectKeyDropsWhatContractsRefuse(t *testing.T) {
	dropped := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff {
			continue
		}
		candidate := unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
		if !candidate {
			if catalog.DefaultIgnorable(r) {
				t.Errorf("U+%04X is default-ignorable but in none of the classes that make one", r)
			}
			continue
		}
		id := "a" + string(r) + "b"
		if !catalog.DefaultIgnorable(r) {
			if SubjectKey(id) == "ab" {
				t.Errorf("U+%04X draws something, but the subject key drops it", r)
			}
			continue
		}
		dropped++
		if got := SubjectKey(id); got != "ab" {
			t.Errorf("U+%04X: key %q, want %q", r, got, "ab")
		}
		if catalog.HiddenText(id) == "" {
			t.Errorf("U+%04X: the subject key drops it, but a contract may hold it", r)
		}
	}
	if dropped < 4000 {
		t.Errorf("%d default-ignorable code points, want the ~4,170 Unicode lists", dropped)
	}
}
