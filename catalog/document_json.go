package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReadJSON reads a JSON document under the limits (see ReadDocument). It
// streams tokens, so a ceiling stops the read before the values past it
// are built.
func ReadJSON(ctx context.Context, data []byte, lim DocumentLimits) (any, error) {
	if err := checkSize(data, lim); err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if off, n := longestJSONString(data); n > lim.Text {
		line, col := lineCol(data, off)
		return nil, &DocumentError{Rule: "text", Path: fmt.Sprintf("line %d, column %d", line, col), Message: fmt.Sprintf("a text of more than %d bytes, the ceiling", lim.Text)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	r := &jsonReader{dec: dec, data: data, bad: -1, b: budget{ctx: ctx, lim: lim}}
	if !utf8.Valid(data) {
		r.bad = firstBadUTF8(data)
	}
	v, err := r.value(1)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, r.syntax(errors.New("text after the document's value"))
	}
	return v, nil
}

// longestJSONString finds the longest string of a JSON text by its bytes,
// escapes included: its offset and length.
func longestJSONString(data []byte) (at, longest int) {
	in, start := false, 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case !in && c == '"':
			in, start = true, i
		case in && c == '\\':
			i++
		case in && c == '"':
			in = false
			if n := i - start - 1; n > longest {
				at, longest = start, n
			}
		}
	}
	if in && len(data)-start-1 > longest {
		at, longest = start, len(data)-start-1
	}
	return at, longest
}

// firstBadUTF8 is the offset of the first byte that is not UTF-8.
func firstBadUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

type jsonReader struct {
	dec  *json.Decoder
	data []byte
	bad  int // offset of the first invalid UTF-8 byte, -1 when none
	b    budget
	path segments
}

// segments is the path of the value being read, built into a string only
// when a refusal names it.
type segments []segment

type segment struct {
	key   string
	index int // -1 for a key
}

func (s segments) String() string {
	var sb strings.Builder
	for _, g := range s {
		if g.index >= 0 {
			sb.WriteString("[" + strconv.Itoa(g.index) + "]")
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(g.key)
	}
	return sb.String()
}

func (r *jsonReader) token() (json.Token, error) {
	t, err := r.dec.Token()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, r.syntax(err)
	}
	if r.bad >= 0 && r.dec.InputOffset() > int64(r.bad) {
		return nil, &DocumentError{Rule: "utf-8", Path: r.path.String(), Message: fmt.Sprintf("%s holds bytes that are not UTF-8 text (byte %d)", where(r.path.String()), r.bad)}
	}
	return t, nil
}

func (r *jsonReader) syntax(err error) error {
	off := int(r.dec.InputOffset())
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = int(se.Offset)
	}
	line, col := lineCol(r.data, off)
	return &DocumentError{Rule: "syntax", Path: fmt.Sprintf("line %d, column %d", line, col), Message: "is not valid JSON: " + err.Error()}
}

// lineCol turns a byte offset into a line and column (both from 1).
func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

func (r *jsonReader) value(depth int) (any, error) {
	if err := r.b.value(r.path.String, depth); err != nil {
		return nil, err
	}
	t, err := r.token()
	if err != nil {
		return nil, err
	}
	switch x := t.(type) {
	case json.Delim:
		if x == '{' {
			return r.object(depth)
		}
		if x == '[' {
			return r.list(depth)
		}
		return nil, r.syntax(fmt.Errorf("unexpected %q", rune(x)))
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return float64(i), nil
		}
		f, err := x.Float64()
		if err != nil {
			return nil, &DocumentError{Rule: "syntax", Path: r.path.String(), Message: fmt.Sprintf("%s is a number out of range: %s", where(r.path.String()), x)}
		}
		return f, nil
	}
	return t, nil // string, bool or nil
}

func (r *jsonReader) object(depth int) (any, error) {
	m := map[string]any{}
	for r.dec.More() {
		t, err := r.token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		r.path = append(r.path, segment{key: k, index: -1})
		if _, dup := m[k]; dup {
			return nil, &DocumentError{Rule: "duplicate key", Path: r.path.String(), Message: fmt.Sprintf("the key %q appears more than once in one object", k)}
		}
		if err := r.b.value(r.path.String, depth+1); err != nil { // the key
			return nil, err
		}
		v, err := r.value(depth + 1)
		if err != nil {
			return nil, err
		}
		m[k] = v
		r.path = r.path[:len(r.path)-1]
	}
	if _, err := r.token(); err != nil { // '}'
		return nil, err
	}
	return m, nil
}

func (r *jsonReader) list(depth int) (any, error) {
	l := []any{}
	for i := 0; r.dec.More(); i++ {
		r.path = append(r.path, segment{index: i})
		v, err := r.value(depth + 1)
		if err != nil {
			return nil, err
		}
		l = append(l, v)
		r.path = r.path[:len(r.path)-1]
	}
	if _, err := r.token(); err != nil { // ']'
		return nil, err
	}
	return l, nil
}
