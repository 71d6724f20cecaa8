package fidelity

import (
	"strings"
	"unicode/utf8"
)

// upperCased reports whether strings.ToUpper(s) == s — s has no letter
// in lower case (and is valid UTF-8) — without making the upper-cased
// copy for an ASCII word: the checker asks it of nearly every token of a
// composed text.
func upperCased(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return strings.ToUpper(s) == s
		}
		if 'a' <= c && c <= 'z' {
			return false
		}
	}
	return true
}
