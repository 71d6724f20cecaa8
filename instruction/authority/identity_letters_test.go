package authority

import (
	"maps"
	"strings"
	"testing"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/runenames"
)

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

// sameLettersFromNames is sameLetters built from the Unicode names: each
// small capital or dotless letter mapped to the letter its name reads
// as, unless its skeleton already reads as an ASCII letter.
func sameLettersFromNames() map[rune]rune {
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
	out := map[rune]rune{}
	for r := rune(0); r <= lastNamedRune && len(want) > 0; r++ {
		n := runenames.Name(r)
		for _, from := range want[n] {
			if !isASCII(confusables.Skeleton(string(from))) {
				out[from] = r
			}
		}
		delete(want, n)
	}
	return out
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

// TestSameLettersAreTheUnicodeNames: the written-out table of small
// capitals and dotless letters is what the Unicode names and the UTS #39
// skeleton give (it was built from them at first use, tens of
// milliseconds; a Unicode or skeleton upgrade that changes it fails here).
func TestSameLettersAreTheUnicodeNames(t *testing.T) {
	built := sameLettersFromNames()
	if !maps.Equal(built, sameLetters) {
		for r, to := range built {
			if sameLetters[r] != to {
				t.Errorf("%U %q reads as %U %q by its name; the table says %U", r, r, to, to, sameLetters[r])
			}
		}
		for r := range sameLetters {
			if _, ok := built[r]; !ok {
				t.Errorf("%U %q is in the table, not in what the names give", r, r)
			}
		}
	}
	if len(built) < 40 {
		t.Errorf("the names give %d letters: the table is too small to be the right one", len(built))
	}
}
