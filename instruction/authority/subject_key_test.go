package authority

import (
	"strings"
	"testing"
)

// TestSubjectsAreMatchedByTheirKey: a joiner or non-joiner the script
// rules let through can still draw nothing (after an Arabic letter that
// never joins to the left, between Devanagari letters with no virama), and
// other invisible code points (a Hangul filler, a combining grapheme
// joiner, a variation selector) or a compatibility form (full-width
// letters) make an id that reads like another. A subject is its key:
// default-ignorable code points removed, NFKC-normalised, so every
// look-alike of an id is that id; what Validate refused stays refused.
func TestSubjectsAreMatchedByTheirKey(t *testing.T) {
	for _, c := range []struct {
		name, id, key string
	}{
		{"plain", "carol", "carol"},
		{"arabic non-joiner after a right-joining letter", "د\u200cا", "دا"},
		{"arabic joiner after a right-joining letter", "ر\u200dز", "رز"},
		{"persian word with its non-joiner", "می\u200cخواهم", "میخواهم"},
		{"devanagari joiner without a virama", "क\u200dष", "कष"},
		{"devanagari non-joiner after a virama", "क्\u200cष", "क्ष"},
		{"emoji family", "👨\u200d👩\u200d👧", "👨👩👧"},
		{"variation selector", "👍\ufe0f", "👍"},
		{"hangul filler", "carol\u3164", "carol"},
		{"combining grapheme joiner", "caro\u034fl", "carol"},
		{"full-width letters", "ｃａｒｏｌ", "carol"},
		{"surrounding spaces", " carol ", "carol"},
		{"composed by NFKC once the joiner is gone", "e\u200d\u0301", "é"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := SubjectKey(c.id); got != c.key {
				t.Errorf("SubjectKey(%q) = %q, want %q", c.id, got, c.key)
			}
			s := &Subject{ID: c.id}
			if f, msg := s.Validate(); f != "" && c.name != "composed by NFKC once the joiner is gone" {
				t.Fatalf("Validate(%q): %s %s", c.id, f, msg)
			} else if f == "" && s.ID != c.key {
				t.Errorf("Validate(%q) keeps the id %q, want its key %q", c.id, s.ID, c.key)
			}
		})
	}
	for _, id := range []string{"\u3164", "\u034f", "\ufe0f", "\u115f\u1160", strings.Repeat("ﷺ", 20)} {
		if f, _ := (&Subject{ID: id}).Validate(); f != "subject.id" {
			t.Errorf("Validate(%q): field %q, want subject.id (nothing visible, or too long once keyed)", id, f)
		}
	}
}
