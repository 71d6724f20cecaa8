package upstream

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"
)

// minEncoded is the shortest secret whose encoded forms are masked too: a
// shorter one's base64 core is a few letters any text holds.
const minEncoded = 8

// encodedForms are the ways a server may write secret v other than as
// itself, each masked like v: hex (both cases); base64 in both alphabets
// at each of the three alignments v can have inside a longer blob, as the
// characters that v's bytes alone decide (padding or neighbours change
// the ones at its edges); when v is itself hex or base64 of some bytes
// (a key), those bytes as text and in each of those encodings (so the
// key without its padding, in the other alphabet or as hex is found);
// URL-encoded as a query, a path or every byte (both cases); \u escapes
// of every character (both cases); and v reversed, character by
// character (reading it back is no work). A form equal to v, or to
// another, is listed once. (A console secret is also found with
// separators between its characters: mask_spaced.go.)
func encodedForms(v string) []string {
	if len(v) < minEncoded {
		return nil
	}
	seen := map[string]bool{v: true}
	var out []string
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	bytesForms(v, add)
	for _, d := range decoded(v) {
		// v is itself an encoding of bytes d (a key in base64 or hex): d
		// in any other encoding is v to whoever reads it
		if utf8.Valid(d) {
			add(string(d))
		}
		bytesForms(string(d), add)
	}
	add(url.QueryEscape(v))
	add(url.PathEscape(v))
	var all, allUpper, u, uUpper strings.Builder
	for i := 0; i < len(v); i++ {
		fmt.Fprintf(&all, "%%%02x", v[i])
		fmt.Fprintf(&allUpper, "%%%02X", v[i])
	}
	for _, r := range v {
		for _, x := range utf16Units(r) {
			fmt.Fprintf(&u, `\u%04x`, x)
			fmt.Fprintf(&uUpper, `\u%04X`, x)
		}
	}
	add(all.String())
	add(allUpper.String())
	add(u.String())
	add(uUpper.String())
	add(reversed(v))
	return out
}

// bytesForms adds the hex (both cases) and base64 (both alphabets, at
// each of the three alignments d can have inside a longer blob, as the
// characters that d's bytes alone decide: with or without padding) forms
// of the bytes d.
func bytesForms(d string, add func(string)) {
	h := hex.EncodeToString([]byte(d))
	add(h)
	add(strings.ToUpper(h))
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		for k := 0; k < 3; k++ {
			b := enc.EncodeToString(append(make([]byte, k), d...))
			// characters 6i..6i+6 bits lie wholly inside d's bytes
			from, to := (8*k+5)/6, 8*(k+len(d))/6
			add(b[from:to])
		}
	}
}

// decoded is the bytes v encodes when it is hex (either case) or base64
// (either alphabet, with or without padding) of at least minEncoded
// bytes, and v is at least DistinctiveLength bytes: one slice per
// reading. (A shorter value's forms would hold a prefix of it, a piece
// ordinary text may hold: a short console secret counts only as a word.)
func decoded(v string) [][]byte {
	if len(v) < DistinctiveLength {
		return nil
	}
	var out [][]byte
	if len(v)%2 == 0 {
		if d, err := hex.DecodeString(v); err == nil && len(d) >= minEncoded {
			out = append(out, d)
		}
	}
	core := strings.TrimRight(v, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if d, err := enc.DecodeString(core); err == nil && len(d) >= minEncoded {
			out = append(out, d)
		}
	}
	return out
}

// utf16Units is r as JSON's \u escapes write it: one unit, or a
// surrogate pair.
func utf16Units(r rune) []rune {
	if r < 0x10000 {
		return []rune{r}
	}
	r -= 0x10000
	return []rune{0xD800 + (r >> 10), 0xDC00 + (r & 0x3FF)}
}

// reversed is v with its characters in reverse order.
func reversed(v string) string {
	r := []rune(v)
	slices.Reverse(r)
	return string(r)
}
