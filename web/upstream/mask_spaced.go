package upstream

import (
	"bytes"
	"sync"
	"unicode"
)

// A console secret written with separators between its characters
// ("A d m 1 n", "A-d-m-1-n", "A.d.m.1.n", zero-width characters between
// them) is the secret to whoever reads it. So each form of a console
// secret is also looked for in the text with its separators taken out
// (spacedForm: the form without its own), in one pass over the text
// that keeps every other byte: a text's cost stays linear in its length.

// spaceWidth is the length of the separator at s[i:] (0: none): any
// white space of Unicode (a space, tab, line break, vertical tab, form
// feed, no-break, thin or ideographic space, a line or paragraph
// separator, next line: also as JSON writes them escaped), a dash, dot,
// underscore, comma, semicolon, colon, bar or slash, or a character that
// shows as nothing (a zero-width space, non-joiner, joiner or word
// joiner, a byte-order mark, a soft hyphen), raw or as a \u escape.
func spaceWidth[T string | []byte](s T, i int) int {
	switch s[i] {
	case ' ', '\t', '\n', '\r', '\v', '\f', '-', '.', '_', ',', ';', ':', '|', '/':
		return 1
	case '\\':
		if i+1 < len(s) {
			switch s[i+1] {
			case 'n', 't', 'r', 'f':
				return 2
			case 'u':
				if i+6 <= len(s) && invisibleEscape(s[i+2:i+6]) {
					return 6
				}
			}
		}
	case 0xc2: // U+0085, U+00A0, U+00AD
		if i+1 < len(s) && (s[i+1] == 0x85 || s[i+1] == 0xa0 || s[i+1] == 0xad) {
			return 2
		}
	case 0xe1: // U+1680
		if i+2 < len(s) && s[i+1] == 0x9a && s[i+2] == 0x80 {
			return 3
		}
	case 0xe2: // U+2000 to U+200D, U+2028, U+2029, U+202F, U+205F, U+2060
		if i+2 < len(s) && (s[i+1] == 0x80 && (s[i+2] >= 0x80 && s[i+2] <= 0x8d || s[i+2] == 0xa8 || s[i+2] == 0xa9 || s[i+2] == 0xaf) || s[i+1] == 0x81 && (s[i+2] == 0x9f || s[i+2] == 0xa0)) {
			return 3
		}
	case 0xe3: // U+3000
		if i+2 < len(s) && s[i+1] == 0x80 && s[i+2] == 0x80 {
			return 3
		}
	case 0xef: // U+FEFF
		if i+2 < len(s) && s[i+1] == 0xbb && s[i+2] == 0xbf {
			return 3
		}
	}
	return 0
}

// invisible reports a character that shows as nothing, or as white
// space, between two others.
func invisible(r rune) bool {
	switch r {
	case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD:
		return true
	}
	return unicode.Is(unicode.White_Space, r)
}

// invisibleEscape says whether the four hex digits h (either case) name
// an invisible character.
func invisibleEscape[T string | []byte](h T) bool {
	var r rune
	for i := 0; i < 4; i++ {
		c := h[i] | 0x20
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		default:
			return false
		}
	}
	return invisible(r)
}

// despaced appends s without its separators to dst; at, when given, gets
// each kept byte's index in s.
func despaced[T string | []byte](dst []byte, s T, at *[]int) []byte {
	for i := 0; i < len(s); {
		if w := spaceWidth(s, i); w > 0 {
			i += w
			continue
		}
		dst = append(dst, s[i])
		if at != nil {
			*at = append(*at, i)
		}
		i++
	}
	return dst
}

// spacedForm is form f without its separators, or nil when what is left
// is shorter than minEncoded (too little to tell from ordinary text).
func spacedForm(f []byte) []byte {
	c := despaced(nil, f, nil)
	if len(c) < minEncoded {
		return nil
	}
	return c
}

// spacedBufs holds the buffers the quick look at a result's JSON writes
// it into without its separators, so the look allocates nothing.
var spacedBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// spacedInJSON says whether the JSON b without its separators holds one
// of the forms refs (as JSON writes them, spacedEnc): a quick look that
// errs toward the careful one (textScan).
func (s *secretSet) spacedInJSON(b []byte, refs []formRef) bool {
	if len(refs) == 0 {
		return false
	}
	bp := spacedBufs.Get().(*[]byte)
	d := despaced((*bp)[:0], b, nil)
	found := false
	for _, r := range refs {
		if f := s.groups[r.g].spacedEnc[r.f]; f != nil && bytes.Contains(d, f) {
			found = true
			break
		}
	}
	*bp = d[:0]
	spacedBufs.Put(bp)
	return found
}

// spacedText is t without its separators, with each kept byte's index
// in t.
type spacedText struct {
	t  string
	d  []byte
	at []int
}

// newSpacedText is t made ready for each (mask_find.go).
func newSpacedText(t string) *spacedText {
	at := make([]int, 0, len(t))
	return &spacedText{t: t, d: despaced(make([]byte, 0, len(t)), t, &at), at: at}
}
