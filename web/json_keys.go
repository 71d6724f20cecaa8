package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"

	"github.com/labstack/echo/v4"
)

// checkJSONKeys walks a JSON body against the Go type it will decode into
// and refuses, naming the field, what encoding/json would silently accept:
// a key that matches a field only case-insensitively ("AGENT" for
// "agent"), and a key given twice in one object (the last would win). It
// checks every depth; syntax errors are left to the decoder (the walk
// stops at the first byte it does not understand).
//
// It scans the bytes itself instead of using json.Decoder's tokens: it
// runs on every API request, and tokens cost an allocation each.
//
// A json.RawMessage field is not walked: its consumer judges it (a
// deferred run's receipts are text from a conversation, each refused on
// its own when malformed, never failing the request).
func checkJSONKeys(body []byte, t reflect.Type) error {
	w := newKeyWalk(body)
	if err := w.value(t, "", 0); err != nil && err != errJSONSyntax {
		return err
	}
	return nil
}

// errJSONSyntax stops a walk at malformed JSON; the decoder names it.
var errJSONSyntax = errors.New("json syntax")

// maxJSONDepth is encoding/json's nesting limit.
const maxJSONDepth = 10000

type keyWalk struct {
	b []byte
	i int
	// raw counts the json.RawMessage values the walk is inside: their
	// keys are not checked
	raw int
	// findNUL makes the walk look for a NUL outside raw values instead,
	// stopping with errNUL and its field in nulAt
	findNUL bool
	nulAt   string
	// at is where the walk is: the keys and indexes down to the value
	// being read, for a refusal's JSON pointer (pointer)
	at []pointerToken
	// compares counts the key comparisons and set look-ups made to find
	// repeated keys: the walk's work, which a test holds linear
	compares int
	// keys holds the keys seen so far of every object the walk is in,
	// outermost first (keySet); each object drops its own as it ends
	keys [][]byte
	// the first room of keys and at: a usual body needs no more
	keysBuf [2 * keySetFew][]byte
	atBuf   [8]pointerToken
}

// newKeyWalk is a walk over body, its stacks in its own first room (one
// allocation for a usual body's walk, not one per object and per level).
func newKeyWalk(body []byte) *keyWalk {
	w := &keyWalk{b: body}
	w.keys, w.at = w.keysBuf[:0], w.atBuf[:0]
	return w
}

func (w *keyWalk) space() {
	for w.i < len(w.b) {
		switch w.b[w.i] {
		case ' ', '\t', '\n', '\r':
			w.i++
		default:
			return
		}
	}
}

// str skips a string starting at its opening quote and returns its raw
// contents and whether they hold an escape.
func (w *keyWalk) str() (raw []byte, escaped bool, err error) {
	start := w.i + 1
	for j := start; j < len(w.b); j++ {
		switch w.b[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			w.i = j + 1
			return w.b[start:j], escaped, nil
		}
	}
	return nil, false, errJSONSyntax
}

func (w *keyWalk) value(t reflect.Type, path string, depth int) error {
	if depth > maxJSONDepth {
		return errJSONSyntax
	}
	if t == rawMessage {
		w.raw++
		defer func() { w.raw-- }()
		t = nil
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	w.space()
	if w.i >= len(w.b) {
		return errJSONSyntax
	}
	switch w.b[w.i] {
	case '{':
		return w.object(t, path, depth)
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		w.i++
		w.space()
		if w.i < len(w.b) && w.b[w.i] == ']' {
			w.i++
			return nil
		}
		w.at = append(w.at, pointerToken{index: 0})
		defer func() { w.at = w.at[:len(w.at)-1] }()
		for {
			if err := w.value(elem, path, depth+1); err != nil {
				return err
			}
			w.at[len(w.at)-1].index++
			w.space()
			if w.i >= len(w.b) {
				return errJSONSyntax
			}
			switch w.b[w.i] {
			case ',':
				w.i++
			case ']':
				w.i++
				return nil
			default:
				return errJSONSyntax
			}
		}
	case '"':
		raw, escaped, err := w.str()
		if err == nil && w.findNUL && w.raw == 0 && escaped && hasNUL(raw) {
			w.nulAt = path
			return errNUL
		}
		return err
	}
	// a number or a literal: the decoder checks it
	for w.i < len(w.b) {
		switch w.b[w.i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return nil
		}
		w.i++
	}
	return nil
}

func (w *keyWalk) object(t reflect.Type, path string, depth int) error {
	base := len(w.keys)
	err := w.objectKeys(t, path, depth, base)
	w.keys = w.keys[:base]
	return err
}

// objectKeys walks an object whose keys go on w.keys from base.
func (w *keyWalk) objectKeys(t reflect.Type, path string, depth, base int) error {
	var fields map[string]reflect.Type
	if t != nil && t.Kind() == reflect.Struct {
		fields = structJSONFields(t)
	}
	// keys stay bytes of the body: a string is made only for an error
	// message or the path of a nested value
	seen := keySet{w: w, base: base}
	w.i++
	w.space()
	if w.i < len(w.b) && w.b[w.i] == '}' {
		w.i++
		return nil
	}
	for {
		w.space()
		if w.i >= len(w.b) || w.b[w.i] != '"' {
			return errJSONSyntax
		}
		key, escaped, err := w.str()
		if err != nil {
			return err
		}
		if w.findNUL && w.raw == 0 && escaped && hasNUL(key) {
			w.nulAt = path
			return errNUL
		}
		if escaped {
			var k string
			if json.Unmarshal(w.b[w.i-len(key)-2:w.i], &k) != nil {
				return errJSONSyntax
			}
			key = []byte(k)
		}
		name := func() string {
			if path != "" {
				return path + "." + string(key)
			}
			return string(key)
		}
		if w.raw == 0 && !w.findNUL && seen.has(key) {
			n := name()
			ptr := w.pointer(key)
			return &echo.HTTPError{Code: http.StatusBadRequest, Message: apiErrorBody{Code: "bad_request", Field: n, Pointer: ptr,
				Message: fmt.Sprintf("field %s is given twice (JSON pointer %s): a key appears once in an object, or readers disagree on which value holds", n, ptr)}}
		}
		seen.add(key)
		var ft reflect.Type
		switch {
		case fields != nil:
			f, known := fields[string(key)]
			if !known && w.findNUL {
				break
			}
			if !known {
				n := name()
				return apiErr(http.StatusBadRequest, "bad_request", n, "unknown field "+n+" (field names are case-sensitive)")
			}
			ft = f
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		w.space()
		if w.i >= len(w.b) || w.b[w.i] != ':' {
			return errJSONSyntax
		}
		w.i++
		w.space()
		sub := ""
		if w.findNUL || w.i < len(w.b) && (w.b[w.i] == '{' || w.b[w.i] == '[') {
			sub = name() // only nested values name their fields
		}
		w.at = append(w.at, pointerToken{key: key})
		err = w.value(ft, sub, depth+1)
		w.at = w.at[:len(w.at)-1]
		if err != nil {
			return err
		}
		w.space()
		if w.i >= len(w.b) {
			return errJSONSyntax
		}
		switch w.b[w.i] {
		case ',':
			w.i++
		case '}':
			w.i++
			return nil
		default:
			return errJSONSyntax
		}
	}
}
