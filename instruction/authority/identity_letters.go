package authority

import (
	"strings"
	"sync"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/runenames"
)

// A small capital (ʀ, ᴀ, ʙ, ᴋ) draws as its capital at the height of a
// small letter, and a dotless small letter (ȷ) as its dotted one: with
// case folded, each reads as that letter. UTS #39 leaves most of them to
// themselves, so the four-eyes rule maps each to its small letter by the
// Unicode names ("LATIN LETTER SMALL CAPITAL R" is "LATIN SMALL LETTER
// R", "LATIN SMALL LETTER DOTLESS J" is "LATIN SMALL LETTER J"), for
// every script and letter the names cover. One the skeleton already
// reads as an ASCII letter keeps that reading (ᴦ, a small capital gamma,
// draws as r, not as γ's skeleton y).

// namedAs maps a letter name's form read as another letter to that
// letter's name: the prefix replaced.
var namedAs = []struct{ from, to string }{
	{" LETTER SMALL CAPITAL ", " SMALL LETTER "},
	{" SMALL CAPITAL LETTER ", " SMALL LETTER "},
	{" SMALL LETTER DOTLESS ", " SMALL LETTER "},
}

// lastNamedRune bounds the runes whose names are read: the planes where
// letters are (the supplementary ideographs have no such names).
const lastNamedRune = 0x1FFFF

var (
	sameLetterOnce sync.Once
	sameLetterMap  map[rune]rune
)

// sameLetter is the letter each small capital or dotless letter reads as
// (built once, on first use, from the Unicode names).
func sameLetter() map[rune]rune {
	sameLetterOnce.Do(func() {
		want := map[string][]rune{} // a letter's name: the runes read as it
		for r := rune(0); r <= lastNamedRune; r++ {
			n := runenames.Name(r)
			for _, p := range namedAs {
				if i := strings.Index(n, p.from); i > 0 {
					to := n[:i] + p.to + n[i+len(p.from):]
					want[to] = append(want[to], r)
				}
			}
		}
		sameLetterMap = map[rune]rune{}
		for r := rune(0); r <= lastNamedRune && len(want) > 0; r++ {
			n := runenames.Name(r)
			for _, from := range want[n] {
				if !isASCII(confusables.Skeleton(string(from))) {
					sameLetterMap[from] = r
				}
			}
			delete(want, n)
		}
	})
	return sameLetterMap
}

// asLetters is s with each small capital and dotless letter read as its
// letter.
func asLetters(s string) string {
	m := sameLetter()
	return strings.Map(func(r rune) rune {
		if to, ok := m[r]; ok {
			return to
		}
		return r
	}, s)
}

// isASCII says whether s is ASCII only.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
