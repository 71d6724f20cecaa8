package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	w := keyWalk{b: body}
	if err := w.value(t, "", 0); err != nil && err != errJSONSyntax {
		return err
	}
	return nil
}

// nulOutsideRaw names the field of a body whose string (or key) holds an
// escaped NUL, outside json.RawMessage fields (whose consumers judge
// them); found is false when there is none there or the body is not
// JSON.
func nulOutsideRaw(body []byte, t reflect.Type) (field string, found bool) {
	w := keyWalk{b: body, findNUL: true}
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
	var fields map[string]reflect.Type
	if t != nil && t.Kind() == reflect.Struct {
		fields = structJSONFields(t)
	}
	// keys stay bytes of the body: a string is made only for an error
	// message or the path of a nested value
	var seenBuf [keySetFew][]byte
	seen := keySet{few: seenBuf[:0], compares: &w.compares}
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

// fieldCache holds each struct type's JSON fields.
var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// structJSONFields returns a struct's JSON field names and types, built
// once per type.
func structJSONFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	f := map[string]reflect.Type{}
	jsonFields(t, f)
	fieldCache.Store(t, f)
	return f
}

// jsonFields collects a struct's JSON field names (promoting embedded
// structs' fields, as encoding/json does).
func jsonFields(t reflect.Type, out map[string]reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && !strings.Contains(tag, ",") {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			jsonFields(ft, out)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := out[name]; !dup {
			out[name] = f.Type
		}
	}
}

// jsonTypeName says in JSON's words what a Go type expects, so no error
// message shows a Go type name.
func jsonTypeName(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a JSON value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a JSON value"
}

// jsonFieldPath turns encoding/json's path of a field with a type error
// into the path the client wrote: encoding/json names an embedded struct
// by its Go field name ("runTarget.agent" for runStepRequest's promoted
// "agent"), a name no client ever sends, so those segments are dropped.
// It returns the field's Go type too (nil when unknown).
func jsonFieldPath(t reflect.Type, field string) (string, reflect.Type) {
	if field == "" {
		return field, nil
	}
	segs := strings.Split(field, ".")
	out := segs[:0]
	for _, seg := range segs {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct {
			out = append(out, seg)
			t = nil
			continue
		}
		if f, ok := t.FieldByName(seg); ok && f.Anonymous && f.Tag.Get("json") == "" {
			t = f.Type
			continue
		}
		out = append(out, seg)
		t = fieldTypeOf(t, seg)
	}
	return strings.Join(out, "."), t
}

// typeErrorMessage words a type error in the field at path, of Go type
// ft, where encoding/json wanted want: an item of an array field is
// named as an item ("each item of pins must be a string"), not as the
// field the client did send as an array.
func typeErrorMessage(path string, ft, want reflect.Type) string {
	for ft != nil && ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if ft != nil && ft.Kind() == reflect.Slice && ft != want && ft.Elem() == want {
		return fmt.Sprintf("each item of %s must be %s", path, jsonTypeName(want))
	}
	return fmt.Sprintf("%s must be %s", path, jsonTypeName(want))
}

// fieldTypeOf is the type of the struct field (promoted ones included)
// whose JSON name is key, or nil.
func fieldTypeOf(t reflect.Type, key string) reflect.Type {
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" && !f.Anonymous {
			name = f.Name
		}
		if name == key && f.IsExported() {
			return f.Type
		}
	}
	return nil
}

// keySet is the keys of one object seen so far: a list while few (no
// allocation of a map for the usual handful), a map once many, so an
// object of many keys costs linear time, not pairwise comparisons.
type keySet struct {
	few  [][]byte
	many map[string]bool
	// compares counts each comparison of two keys and each look-up
	compares *int
}

const keySetFew = 16

func (k *keySet) has(key []byte) bool {
	if k.many != nil {
		*k.compares++
		return k.many[string(key)]
	}
	return slices.ContainsFunc(k.few, func(s []byte) bool {
		*k.compares++
		return bytes.Equal(s, key)
	})
}

func (k *keySet) add(key []byte) {
	switch {
	case k.many != nil:
		k.many[string(key)] = true
	case len(k.few) < keySetFew:
		k.few = append(k.few, key)
	default:
		k.many = make(map[string]bool, 2*keySetFew)
		for _, s := range k.few {
			k.many[string(s)] = true
		}
		k.many[string(key)] = true
		k.few = nil
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
