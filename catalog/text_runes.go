package catalog

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// checkHiddenText reports every string of a contract (every field at every
// depth, object keys included) that holds a character a reviewer cannot
// see but a model reads: controls other than tab and line breaks (a
// terminal escape), format characters (bidirectional overrides that show
// the reviewer other text, zero-width spaces that split a tool's name past
// the leak check, tag characters that spell hidden instructions, soft
// hyphens) and private-use characters. A zero-width joiner between two
// non-ASCII characters (an emoji sequence) is text. So are the other
// default-ignorable code points (variation selectors, fillers, the
// grapheme joiner), but for one presentation selector after a visible
// character (an emoji's). b is the contract's
// JSON encoding.
func checkHiddenText(ps *Problems, name string, b []byte) {
	if !mayHide(b) {
		return // nearly every contract: nothing to decode
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return
	}
	walkStrings(v, "", func(path, s string) {
		if msg := HiddenText(s); msg != "" {
			ps.add(name, path, "%s", msg)
		}
	})
}

// walkStrings calls fn with the path of every string in v, keys included.
// An array of objects with a "name" (parameters, properties) is indexed by
// the names.
func walkStrings(v any, path string, fn func(path, s string)) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch x := v.(type) {
	case string:
		fn(path, x)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fn(join(k), k)
			walkStrings(x[k], join(k), fn)
		}
	case []any:
		for i, e := range x {
			p := fmt.Sprintf("%s[%d]", path, i)
			if m, ok := e.(map[string]any); ok {
				if n, ok := m["name"].(string); ok && n != "" {
					p = join(n)
				}
			}
			walkStrings(e, p, fn)
		}
	}
}

// HiddenText says why text that reaches a model must be refused because a
// reviewer cannot see all of it ("" when it can be shown as it is): the
// first control, format or private-use character, as hiddenRune finds it.
func HiddenText(s string) string {
	if r, ok := hiddenRune(s); ok {
		return fmt.Sprintf("contains U+%04X, an invisible, control or direction-changing character: a reviewer would not see what the model reads", r)
	}
	return ""
}

// ShownName is a name from outside (an imported tool's or field's name,
// a tool a model called) as a page or a terminal shows it: as it is, or,
// when a reader could not see all of it (a direction override, a
// zero-width or control character, a line break), quoted with every such
// character escaped.
func ShownName(s string) string {
	if HiddenText(s) == "" && !strings.ContainsAny(s, "\t\n\r\x00") {
		return s
	}
	return strconv.QuoteToASCII(s)
}

// hiddenRune finds the first character of s that a reader cannot see.
func hiddenRune(s string) (rune, bool) {
	prev := rune(0)
	for i, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r', r == 0: // NUL has its own problem
		case unicode.IsControl(r), unicode.Is(unicode.Co, r):
			return r, true
		case r == '\u200d':
			next, _ := utf8.DecodeRuneInString(s[i+len("\u200d"):])
			if prev < utf8.RuneSelf || next < utf8.RuneSelf || unicode.Is(unicode.Cf, next) {
				return r, true
			}
		case unicode.Is(unicode.Cf, r):
			return r, true
		case r == '\ufe0e' || r == '\ufe0f':
			// text or emoji presentation of the character before it
			// ("❤️", the keycap "1️⃣"): once, after a visible one
			next, _ := utf8.DecodeRuneInString(s[i+len("\ufe0f"):])
			if prev == 0 || DefaultIgnorable(prev) || (prev < utf8.RuneSelf && next != '\u20e3') {
				return r, true
			}
		case DefaultIgnorable(r):
			return r, true
		}
		prev = r
	}
	return 0, false
}

// DefaultIgnorable is Unicode's Default_Ignorable_Code_Point: the format
// characters, variation selectors and the other default-ignorable code
// points (the combining grapheme joiner, Hangul fillers), less white
// space, the interlinear annotation characters, the Egyptian hieroglyph
// format controls and the prepended concatenation marks (which draw
// something). Such a character is rendered as nothing, so text can hide
// in it: the contract check refuses it (hiddenRune) and a subject's key
// drops it (authority.SubjectKey), by this one definition.
func DefaultIgnorable(r rune) bool {
	switch {
	case r < 0xad:
		return false
	case unicode.Is(unicode.White_Space, r), r >= 0xfff9 && r <= 0xfffb, r >= 0x13430 && r <= 0x1343f,
		unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// mayHide reports whether a contract's JSON encoding could hold a hidden
// character: a non-ASCII byte, DEL, or an escape other than the HTML ones
// encoding/json writes (\u003c, \u003e, \u0026) and the short ones (\n,
// \t, \r, \", \\). Controls are always escaped as \u00XX.
func mayHide(b []byte) bool {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c >= utf8.RuneSelf || c == 0x7f:
			return true
		case c == '\\' && i+1 < len(b):
			if b[i+1] != 'u' {
				i++
				continue
			}
			if i+6 > len(b) {
				return true
			}
			if esc := string(b[i+2 : i+6]); esc != "003c" && esc != "003e" && esc != "0026" {
				return true
			}
			i += 5
		}
	}
	return false
}
