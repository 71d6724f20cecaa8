package catalog

import (
	"regexp"
	"sync"
	"unicode"
	"unicode/utf8"
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
