package authority

import "testing"

// TestSubjectIDsWithJoiners: the zero-width joiner (U+200D) and non-joiner
// (U+200C) are part of how Persian, Indic scripts and emoji sequences are
// written, so an id that uses them between two letters or marks of one
// script that joins or builds conjuncts (Arabic, Devanagari…), or a
// joiner inside an emoji sequence, is accepted. Anywhere else a joiner
// changes nothing a reader sees (Latin, Cyrillic, Greek, CJK, between two
// scripts, at either end, beside another format character), so
// `И\u200dван` would be a second subject that looks like `Иван`: it is
// refused, and so is every other format character.
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
		{"cyrillic joiner (looks like Иван)", "И\u200dван", false},
		{"cyrillic non-joiner", "Ив\u200cан", false},
		{"latin joiner inside a name", "Jo\u200dhn", false},
		{"latin non-joiner", "a\u200cb", false},
		{"accented latin joiner", "Jos\u200dé", false},
		{"joiner between accented latin letters", "é\u200dè", false},
		{"greek joiner", "Γιά\u200dννης", false},
		{"greek non-joiner", "α\u200cβ", false},
		{"joiner between two scripts", "क\u200dب", false},
		{"joiner between CJK", "李\u200d明", false},
		{"non-joiner between emoji", "👨\u200c👩", false},
		{"joiner between an emoji and a letter", "👨\u200dا", false},
		{"joiner between a letter and an emoji", "ب\u200d👩", false},
		{"joiner after a bare variation selector", "\ufe0f\u200d🌈", false},
		{"arabic ZWJ (joined form shown alone)", "ب\u200dب", true},
		{"persian non-joiner after a vowel mark", "مِی\u200cخواهم", true},
		{"bengali joiner after virama", "র্\u200dয", true},
		{"malayalam non-joiner after virama", "ന്\u200cമ", true},
		{"sinhala joiner after virama", "ක්\u200dෂ", true},
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
