package models

import "testing"

// TestOrdinalEnglishSuffixes: a path segment's place reads as English
// (21st, 22nd, 23rd, 11th-13th, 111th), never "21th".
func TestOrdinalEnglishSuffixes(t *testing.T) {
	for i, want := range map[int]string{
		1: "first", 2: "second", 3: "third", 4: "4th", 10: "10th",
		11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd",
		23: "23rd", 24: "24th", 101: "101st", 111: "111th", 112: "112th",
		113: "113th", 122: "122nd",
	} {
		if got := ordinal(i); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", i, got, want)
		}
	}
}
