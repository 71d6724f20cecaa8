package authority

import (
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/agentforge/console/catalog"
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
	if strings.IndexFunc(s, catalog.DefaultIgnorable) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if catalog.DefaultIgnorable(r) {
			return -1
		}
		return r
	}, s)
}
