package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// nulOutsideRaw names the field of a body whose string (or key) holds an
// escaped NUL, outside json.RawMessage fields (whose consumers judge
// them); found is false when there is none there or the body is not
// JSON.
func nulOutsideRaw(body []byte, t reflect.Type) (field string, found bool) {
	w := newKeyWalk(body)
	w.findNUL = true
	if err := w.value(t, "", 0); err == errNUL {
		return w.nulAt, true
	}
	return "", false
}

// errNUL stops a walk at a string holding a NUL (keyWalk.findNUL).
var errNUL = errors.New("json NUL")

// rawMessage is the type whose values a walk skips.
var rawMessage = reflect.TypeOf(json.RawMessage(nil))

// hasNUL reports whether a string's raw bytes decode to text with a NUL.
func hasNUL(raw []byte) bool {
	if !bytes.Contains(raw, []byte(`\u0000`)) {
		return false
	}
	var s string
	quoted := make([]byte, 0, len(raw)+2)
	quoted = append(append(append(quoted, '"'), raw...), '"')
	return json.Unmarshal(quoted, &s) == nil && strings.IndexByte(s, 0) >= 0
}

// keySet is the keys of one object seen so far: a list while few (no
// allocation of a map for the usual handful), a map once many, so an
// object of many keys costs linear time, not pairwise comparisons.
type keySet struct {
	// w holds the list: the keys of w.keys from base (nested objects add
	// theirs after them and drop them as they end)
	w    *keyWalk
	base int
	many map[string]bool
}

const keySetFew = 16

func (k *keySet) has(key []byte) bool {
	// w.compares counts each comparison of two keys and each look-up
	if k.many != nil {
		k.w.compares++
		return k.many[string(key)]
	}
	return slices.ContainsFunc(k.w.keys[k.base:], func(s []byte) bool {
		k.w.compares++
		return bytes.Equal(s, key)
	})
}

func (k *keySet) add(key []byte) {
	switch {
	case k.many != nil:
		k.many[string(key)] = true
	case len(k.w.keys)-k.base < keySetFew:
		k.w.keys = append(k.w.keys, key)
	default:
		k.many = make(map[string]bool, 2*keySetFew)
		for _, s := range k.w.keys[k.base:] {
			k.many[string(s)] = true
		}
		k.many[string(key)] = true
		k.w.keys = k.w.keys[:k.base]
	}
}

// pointerToken is one step of a JSON pointer: an object's key, else an
// array's index.
type pointerToken struct {
	key   []byte
	index int
}

// pointer is the RFC 6901 JSON pointer of key in the object the walk is
// in.
func (w *keyWalk) pointer(key []byte) string {
	var b strings.Builder
	esc := strings.NewReplacer("~", "~0", "/", "~1")
	for _, t := range w.at {
		b.WriteByte('/')
		if t.key != nil {
			b.WriteString(esc.Replace(string(t.key)))
		} else {
			b.WriteString(strconv.Itoa(t.index))
		}
	}
	b.WriteByte('/')
	b.WriteString(esc.Replace(string(key)))
	return b.String()
}
