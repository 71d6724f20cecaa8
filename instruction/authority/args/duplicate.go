package args

import (
	"bytes"
	"encoding/json"
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
// its first), by JSON pointer, in document order, at most MaxProblems.
// Keys compare as JSON reads them: "text" and "t\u0065xt" are one key.
// raw must be valid JSON (the caller decoded it already).
func duplicates(raw []byte) []Problem {
	var out []Problem
	var stack []*frame
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
			top = stack[len(stack)-1]
		}
		switch c := raw[i]; c {
		case '{':
			stack = append(stack, &frame{obj: true, wantKey: true})
		case '[':
			stack = append(stack, &frame{})
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
			if top != nil && top.obj && top.wantKey {
				k := keyOf(raw[i : end+1])
				top.wantKey, top.key = false, k
				if top.seen(k) && len(out) < MaxProblems {
					out = append(out, Problem{Pointer: at(k), Message: "is a key its object holds more than once; each key may appear once"})
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
