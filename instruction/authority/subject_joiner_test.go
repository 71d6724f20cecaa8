package authority

import "testing"

// TestSubjectIDsWithJoiners: the zero-width joiner (U+200D) and non-joiner
// (U+200C) are part of how Persian, Indic scripts and emoji sequences are
// written, so an id that uses them between letters, marks or emoji is
// accepted; a joiner at either end, beside another format character,
// alone, or between ASCII characters (where it changes nothing visible)
// is still refused, and so is every other format character.
func TestSubjectIDsWithJoiners(t *testing.T) {
	for _, c := range []struct {
		name, id string
		ok       bool
	}{
		{"persian ZWNJ (mi-khaham)", "می\u200cخواهم", true},
		{"persian name with ZWNJ", "زهرا\u200cسادات", true},
		{"hindi half form with ZWJ after virama", "क्\u200dष", true},
		{"trailing joiner after a malayalam virama", "ന്\u200d", false},
		{"hindi ZWNJ after virama", "क्\u200cष", true},
		{"emoji family", "👨\u200d👩\u200d👧", true},
		{"emoji rainbow flag", "🏳\ufe0f\u200d🌈", true},
		{"emoji with skin tone", "👩🏽\u200d💻", true},
		{"leading joiner", "\u200dکاربر", false},
		{"trailing non-joiner", "کاربر\u200c", false},
		{"joiner alone", "\u200d", false},
		{"two joiners", "ی\u200d\u200dخ", false},
		{"joiner beside another format character", "ی\u200d\u2060خ", false},
		{"joiner between ASCII letters", "car\u200dol", false},
		{"non-joiner between ASCII letters", "car\u200col", false},
		{"joiner between digits", "1\u200d2", false},
		{"joiner after space", "ی \u200dخ", false},
		{"zero-width space stays refused", "ی\u200bخ", false},
		{"word joiner stays refused", "ی\u2060خ", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			field, msg := (&Subject{ID: c.id}).Validate()
			if ok := field == ""; ok != c.ok {
				t.Errorf("Validate(%q) = %q %q, want accepted %v", c.id, field, msg, c.ok)
			}
		})
	}
}
