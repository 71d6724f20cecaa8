package authority

import (
	"unicode"
	"unicode/utf8"
)

// The zero-width joiner and non-joiner: Persian writes words with the
// non-joiner, Indic scripts pick half forms with either after a virama,
// and emoji sequences (a family, a flag, a profession) are emoji joined
// by the joiner.
const (
	zwj  = '\u200d'
	zwnj = '\u200c'
)

// Joins reports whether a zero-width joiner or non-joiner after prev and
// before rest (the text that follows it) joins two visible characters:
// both are letters, marks (a virama, a variation selector) or emoji
// symbols and modifiers, and neither is ASCII. A joiner at either end,
// beside another format character, or between ASCII characters changes
// nothing a reader sees, so there it would make two ids that look alike.
func Joins(prev rune, rest string) bool {
	next, _ := utf8.DecodeRuneInString(rest)
	return joinable(prev) && joinable(next)
}

// joinable is a character a zero-width joiner or non-joiner may stand
// beside: a non-ASCII letter, mark, or emoji (a symbol or a skin-tone
// modifier).
func joinable(r rune) bool {
	if r < utf8.RuneSelf || r == utf8.RuneError {
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.So, unicode.Sk)
}
