package args

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// The problems of a string a decoder would not read as sent.
const (
	unsoundKey   = "is a key that is not valid UTF-8 text (invalid bytes or half of a \\u surrogate pair); a decoder would read other text"
	unsoundValue = "is not valid UTF-8 text (invalid bytes or half of a \\u surrogate pair); a decoder would read U+FFFD instead, so the server would get other text than was sent"
)

// dupSmall is how many keys an object's frame compares one by one
// before it keeps them in a map.
const dupSmall = 16

// frame is one open object or array while duplicates are looked for:
// an object's keys so far and the key whose value is being read, an
// array's index.
type frame struct {
	obj     bool
	wantKey bool
	key     string
	idx     int
	keys    []string
	set     map[string]struct{}
}

// seen reports whether the object holds k already, and adds it.
func (f *frame) seen(k string) bool {
	if f.set != nil {
		if _, ok := f.set[k]; ok {
			return true
		}
		f.set[k] = struct{}{}
		return false
	}
	for _, x := range f.keys {
		if x == k {
			return true
		}
	}
	f.keys = append(f.keys, k)
	if len(f.keys) > dupSmall {
		f.set = make(map[string]struct{}, 2*len(f.keys))
		for _, x := range f.keys {
			f.set[x] = struct{}{}
		}
		f.keys = nil
	}
	return false
}

// duplicates lists each key an object of raw holds more than once (after
// its first), and each string (key or value) that is not sound text (see
// soundText), by JSON pointer, in document order, at most MaxProblems.
// Keys compare as JSON reads them: "text" and "t\u0065xt" are one key.
// raw must be valid JSON (the caller decoded it already).
func duplicates(raw []byte) []Problem { return DuplicateKeys(raw, "") }

// DuplicateKeys is duplicates leaving out what lies under the pointer
// skip ("" leaves out nothing): a JSON-RPC message's keys, say, without
// what its arguments hold (which Check words itself). A second member at
// skip itself is kept: a decoder reads only one of the two.
func DuplicateKeys(raw []byte, skip string) []Problem {
	var out []Problem
	keep := func(p string) bool {
		return len(out) < MaxProblems && (skip == "" || !strings.HasPrefix(p, skip+"/"))
	}
	// the open objects and arrays, by value (a frame per object would be
	// an allocation each); top points into it only until the next push
	var stack []frame
	at := func(last string) string {
		tokens := make([]string, 0, len(stack))
		for _, f := range stack[:len(stack)-1] {
			tokens = append(tokens, f.token())
		}
		return pointer(append(tokens, last))
	}
	for i := 0; i < len(raw); i++ {
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch c := raw[i]; c {
		case '{':
			stack = append(stack, frame{obj: true, wantKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top.obj {
				top.wantKey = true
			} else {
				top.idx++
			}
		case '"':
			end := stringEnd(raw, i)
			sound := soundText(raw[i : end+1])
			switch {
			case top != nil && top.obj && top.wantKey:
				k := keyOf(raw[i : end+1])
				top.wantKey, top.key = false, k
				// a key's pointer is made only for a problem at it: most
				// messages have none, and each pointer is allocated
				if !sound {
					if p := at(strings.ToValidUTF8(k, "\uFFFD")); keep(p) {
						out = append(out, Problem{Pointer: p, Message: unsoundKey})
					}
				}
				if top.seen(k) && keep(at(k)) {
					out = append(out, Problem{Pointer: at(k), Message: "is a key its object holds more than once; each key may appear once"})
				}
			case !sound:
				p := "" // the whole document is this string
				if top != nil {
					p = at(top.token())
				}
				if keep(p) {
					out = append(out, Problem{Pointer: p, Message: unsoundValue})
				}
			}
			i = end
		}
	}
	return out
}

// token is the reference token of the value a frame is reading.
func (f *frame) token() string {
	if f.obj {
		return f.key
	}
	return itoa(f.idx)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

// stringEnd is the index of the quote closing the string that opens at
// raw[start].
func stringEnd(raw []byte, start int) int {
	for i := start + 1; i < len(raw); i++ {
		switch raw[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(raw) - 1
}

// keyOf is a quoted key as JSON reads it.
func keyOf(quoted []byte) string {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return string(quoted[1 : len(quoted)-1])
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted)
	}
	return s
}

// soundText reports whether a quoted JSON string reads as it was sent:
// its bytes are valid UTF-8 and every \u escape of a UTF-16 surrogate
// is one half of a pair (a decoder turns invalid bytes and a lone half
// into U+FFFD).
func soundText(quoted []byte) bool {
	if !utf8.Valid(quoted) {
		return false
	}
	if bytes.IndexByte(quoted, '\\') < 0 {
		return true
	}
	high := false // the previous escape was a high surrogate
	for i := 1; i < len(quoted)-1; i++ {
		if quoted[i] != '\\' {
			if high {
				return false
			}
			continue
		}
		i++
		if quoted[i] != 'u' {
			if high {
				return false
			}
			continue
		}
		v, ok := hex4(quoted, i+1)
		if !ok {
			return false
		}
		i += 4
		switch {
		case v >= 0xD800 && v <= 0xDBFF:
			if high {
				return false
			}
			high = true
		case v >= 0xDC00 && v <= 0xDFFF:
			if !high {
				return false
			}
			high = false
		default:
			if high {
				return false
			}
		}
	}
	return !high
}

// hex4 reads the four hex digits at b[i:].
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var v rune
	for _, c := range b[i : i+4] {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			v |= rune(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v |= rune(c-'A') + 10
		default:
			return 0, false
		}
	}
	return v, true
}
