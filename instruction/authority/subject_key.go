package authority

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// SubjectKey is the key subjects are matched by: the id with its
// surrounding white space trimmed, its default-ignorable code points
// removed (joiners, variation selectors, Hangul fillers and the other
// characters that draw nothing), NFKC-normalised (full-width letters,
// ligatures). Two ids a reader cannot tell apart have one key, so a
// joiner that draws nothing anywhere (after an Arabic letter that never
// joins leftwards, between Indic letters with no virama) cannot make a
// second subject. Validate keys every subject a route takes, so grants,
// sessions, approvals and budgets all see the key.
func SubjectKey(id string) string {
	return strings.TrimSpace(dropIgnorable(norm.NFKC.String(dropIgnorable(id))))
}

// dropIgnorable is s without its default-ignorable code points (removed
// before NFKC, so a joiner does not keep a letter and its mark apart, and
// after, for the fillers NFKC maps one to another).
func dropIgnorable(s string) string {
	if strings.IndexFunc(s, defaultIgnorable) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if defaultIgnorable(r) {
			return -1
		}
		return r
	}, s)
}

// defaultIgnorable is Unicode's Default_Ignorable_Code_Point: the format
// characters, variation selectors and the other default-ignorable code
// points, less white space, the interlinear annotation characters, the
// Egyptian hieroglyph format controls and the prepended concatenation
// marks (which draw something).
func defaultIgnorable(r rune) bool {
	switch {
	case r < 0xad:
		return false
	case unicode.Is(unicode.White_Space, r), r >= 0xfff9 && r <= 0xfffb, r >= 0x13430 && r <= 0x1343f,
		unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}
