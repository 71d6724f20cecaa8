package authority

import (
	"strings"
	"testing"
)

// TestSubjectIDsMustBeCanonical: a joiner or non-joiner the script rules
// let through can still draw nothing, and other invisible code points (a
// Hangul filler, a combining grapheme joiner, a variation selector) make
// an id that reads like another: those are dropped from the key, so the
// look-alike is that one subject. A compatibility form (full-width
// letters, circled digits, superscripts) or white space around an id is
// a string a reader can tell apart: Validate refuses it naming subject.id
// and its canonical form, so user① never names user1.
func TestSubjectIDsMustBeCanonical(t *testing.T) {
	for _, c := range []struct {
		name, id, key string
		refused       bool
	}{
		{"arabic non-joiner after a right-joining letter", "د\u200cا", "دا", false},
		{"arabic joiner after a right-joining letter", "ر\u200dز", "رز", false},
		{"persian word with its non-joiner", "می\u200cخواهم", "میخواهم", false},
		{"devanagari joiner without a virama", "क\u200dष", "कष", false},
		{"devanagari non-joiner after a virama", "क्\u200cष", "क्ष", false},
		{"emoji family", "👨\u200d👩\u200d👧", "👨👩👧", false},
		{"variation selector", "👍\ufe0f", "👍", false},
		{"hangul filler", "carol\u3164", "carol", false},
		{"combining grapheme joiner", "caro\u034fl", "carol", false},
		{"full-width letters", "ｃａｒｏｌ", "carol", true},
		{"circled digit", "user①", "user1", true},
		{"superscript digit", "user¹", "user1", true},
		{"full-width user1", "ｕｓｅｒ1", "user1", true},
		{"surrounding spaces", " user1 ", "user1", true},
		{"ideographic space", "user1\u3000", "user1", true},
		{"no-break space", "\u00a0user1", "user1", true},
		{"decomposed accent", "rene\u0301", "rené", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := SubjectKey(c.id); got != c.key {
				t.Errorf("SubjectKey(%q) = %q, want %q", c.id, got, c.key)
			}
			s := &Subject{ID: c.id}
			f, msg := s.Validate()
			switch {
			case c.refused && (f != "subject.id" || !strings.Contains(msg, "canonical form") || !strings.Contains(msg, c.key)):
				t.Errorf("Validate(%q) = %q %q, want a refusal naming subject.id and %q", c.id, f, msg, c.key)
			case !c.refused && (f != "" || s.ID != c.key):
				t.Errorf("Validate(%q) = %q %q, id %q, want accepted as its key %q", c.id, f, msg, s.ID, c.key)
			}
		})
	}
	for _, id := range []string{"carol", "user1", "دا", "क्ष", "alice@example.com", "Ünïcödé"} {
		s := &Subject{ID: id}
		if f, msg := s.Validate(); f != "" || s.ID != id {
			t.Errorf("Validate(%q): %s %s (id %q)", id, f, msg, s.ID)
		}
	}
	for _, id := range []string{"\u3164", "\u034f", "\ufe0f", "\u115f\u1160", strings.Repeat("ﷺ", 20)} {
		if f, _ := (&Subject{ID: id}).Validate(); f != "subject.id" {
			t.Errorf("Validate(%q): field %q, want subject.id (nothing visible, or too long once keyed)", id, f)
		}
	}
}
