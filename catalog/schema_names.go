package catalog

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// paramName is the character set of property names that render bare in
// the compact form and between backticks in the full form: no space,
// backtick, parenthesis, colon, pipe or quote. Any other name renders as
// a JSON string (propertyLabel).
var paramName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.$@-]+$`) })

// propertyLabel is how a property's name is written in both renderings:
// bare when it is of paramName's set, else as a JSON string, so a name
// such as "(default)" or "first name" reads as one name.
func propertyLabel(name string) string {
	if paramName().MatchString(name) {
		return name
	}
	return jsonValue(name)
}

// unshownRune reports a character a property name may not hold: a
// control or format character (a bidirectional override among them), a
// private-use or unassigned one, or a line break, any of which could make
// the name read as something else to the reviewer or the model.
func unshownRune(r rune) bool {
	return r == utf8.RuneError || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp) || !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs)
}

// siblingNames are the property names of one object seen so far, kept
// to find a name that reads as an earlier one: the same in Unicode
// compatibility form (NFKC: "é" as one character or as "e" and a
// combining accent, a full-width twin), or the same confusable skeleton
// of Unicode's security mechanisms (UTS #39: Cyrillic "а" beside Latin
// "a"), which NFKC does not fold. Names of ASCII alone are not compared
// by skeleton: their differences ("burn" and "bum") show as typed, and a
// look-alike needs a character from elsewhere.
type siblingNames struct {
	compat map[string]string // a name's NFKC form → the name
	// skeleton maps a name's skeleton to the name; nil when every name
	// of the object is ASCII (nothing to compare, nothing computed)
	skeleton map[string]string
}

// newSiblingNames is ready for the names of ps.
func newSiblingNames(ps []Param) siblingNames {
	s := siblingNames{compat: map[string]string{}}
	for _, p := range ps {
		if !isASCII(p.Name) {
			s.skeleton = map[string]string{}
			break
		}
	}
	return s
}

// lookalike is the problem with name, which reads as an earlier
// sibling's ("" when it does not).
func (s *siblingNames) lookalike(name string) string {
	if same, ok := s.compat[norm.NFKC.String(name)]; ok {
		return fmt.Sprintf("property name %q reads the same as %q (they differ only in Unicode compatibility form): neither a reviewer nor the model could tell them apart", name, same)
	}
	if s.skeleton == nil {
		return ""
	}
	if same, ok := s.skeleton[confusables.Skeleton(name)]; ok && same != name && !(isASCII(name) && isASCII(same)) {
		return fmt.Sprintf("property name %q looks like %q (%s): neither a reviewer nor the model could tell them apart", name, same, foreignLetters(name, same))
	}
	return ""
}

// add records name as seen.
func (s *siblingNames) add(name string) {
	s.compat[norm.NFKC.String(name)] = name
	if s.skeleton != nil {
		s.skeleton[confusables.Skeleton(name)] = name
	}
}

// isASCII reports whether s holds ASCII characters only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foreignLetters says which characters make two look-alike names differ:
// each non-ASCII one of either, with its code point and script.
func foreignLetters(a, b string) string {
	var out []string
	for _, name := range []string{a, b} {
		for _, r := range name {
			if r >= utf8.RuneSelf && len(out) < 4 {
				out = append(out, fmt.Sprintf("%q is U+%04X, %s", string(r), r, scriptOf(r)))
			}
		}
	}
	if len(out) == 0 {
		return "their characters are confusable"
	}
	return strings.Join(out, "; ")
}

// scriptOf names the Unicode script r belongs to ("no script" when none).
func scriptOf(r rune) string {
	for name, table := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(table, r) {
			return name
		}
	}
	return "no script"
}
