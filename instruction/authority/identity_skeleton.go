package authority

import (
	"strings"
	"unicode"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// lookAlike is a folded name as the four-eyes rule compares it: its
// UTS #39 skeleton (each character mapped to the one it is confusable
// with: Cyrillic і and Latin i, Greek ο and Latin o), folded again, with
// the combining marks dropped (İ folds to i with a dot above, which
// draws as i), each small capital or dotless letter read as its letter
// before and after the skeleton (asLetters: ʀ is r, and ꭱ's skeleton is
// ʀ). Two names with one look-alike key can pass for each other
// on a page, so the rule treats them as one person: the error it can
// make is to ask another reviewer, never to let someone decide their own
// request.
func lookAlike(folded string) string {
	k := asLetters(cases.Fold().String(confusables.Skeleton(asLetters(folded))))
	k = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
			return -1
		}
		return r
	}, norm.NFD.String(k))
	return norm.NFC.String(k)
}
