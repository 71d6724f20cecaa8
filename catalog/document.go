package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"unicode/utf8"
)

// The bounded document reader. Every document a person or a third party
// writes (a catalog import in any format, a selection-case file, a hints
// file) is read here, into the plain values encoding/json produces
// (map[string]any, []any, string, float64, bool, nil), under ceilings
// checked while it reads, before the work grows (the security rules):
//
//   - Bytes: the document's size, checked first;
//   - Depth: nesting of lists and objects;
//   - Values: every scalar, key, list and object, a YAML alias counted as
//     all the values it expands to, so a few hundred bytes of aliases
//     cannot stand for a billion values;
//   - Marks (YAML only): the structural marks a linear byte scan counts
//     before the YAML parser runs, an upper bound on the nodes the parser
//     builds, so its own work stays linear and small;
//   - Text: the longest string or key, found by a byte scan before JSON
//     is tokenized (a token is buffered whole) and checked on every YAML
//     scalar;
//   - the context: the read stops when the request ends.
//
// Text must be valid UTF-8 and an object's key may appear once: both are
// refused naming where, never silently repaired (encoding/json would turn
// a bad byte into U+FFFD and keep the last of two keys).

// DocumentLimits are the ceilings a document is read under.
type DocumentLimits struct {
	Bytes  int // the document's size in bytes
	Depth  int // nesting of lists and objects, the document itself at 1
	Values int // values read, aliases counted as expanded
	Marks  int // YAML structural marks counted before parsing
	Text   int // the longest text (string or key) in bytes
}

// ImportLimits bound a catalog import (native, MCP or OpenAI): the largest
// real server's tools list holds a few thousand values.
// A text may be as long as an icon's data URI (MCP's icons, accepted and
// never read), far longer than any contract may hold.
var ImportLimits = DocumentLimits{Bytes: MaxImportBytes, Depth: 64, Values: 250_000, Marks: 250_000, Text: 1 << 20}

// DocumentError is a refused document: which ceiling or rule, and where.
type DocumentError struct {
	// Rule is the ceiling or rule refused: "bytes", "depth", "values",
	// "marks", "text", "utf-8", "duplicate key", "key", "syntax" or "cancelled".
	Rule string
	// Path locates the refusal: a path of keys and indexes
	// ("tools[3].inputSchema"), or a line and column, "" for the document.
	Path    string
	Message string
}

// Error renders "path: message", or the message alone at the document.
func (e *DocumentError) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
}

// ErrDocumentCancelled is wrapped by the error of a read its context ended.
var ErrDocumentCancelled = errors.New("the import was stopped: the request ended or ran out of time")

// ReadDocument reads JSON, or YAML when the text is not JSON, under the
// limits. A text that starts as JSON does ('{' or '[') and is neither is
// refused with JSON's reason.
func ReadDocument(ctx context.Context, data []byte, lim DocumentLimits) (any, error) {
	if err := checkSize(data, lim); err != nil {
		return nil, err
	}
	if !looksJSON(data) {
		return ReadYAML(ctx, data, lim)
	}
	v, err := ReadJSON(ctx, data, lim)
	var de *DocumentError
	if err == nil || !errors.As(err, &de) || de.Rule != "syntax" {
		return v, err
	}
	// flow-style YAML ("{k: 5, cases: [...]}") starts as JSON does
	if v, yerr := ReadYAML(ctx, data, lim); !isSyntax(yerr) {
		return v, yerr
	}
	return nil, err
}

func isSyntax(err error) bool {
	var de *DocumentError
	return errors.As(err, &de) && de.Rule == "syntax"
}

// looksJSON reports whether a document starts as a JSON object or list.
func looksJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

func checkSize(data []byte, lim DocumentLimits) error {
	if len(data) > lim.Bytes {
		return &DocumentError{Rule: "bytes", Message: fmt.Sprintf("the document is %d bytes, over the ceiling of %d", len(data), lim.Bytes)}
	}
	return nil
}

// budget counts the values and depth of one read and watches its context.
type budget struct {
	ctx    context.Context
	lim    DocumentLimits
	values int
}

// value counts one value at path and depth; it refuses past a ceiling and
// checks the context every 4096 values.
func (b *budget) value(path func() string, depth int) error {
	if depth > b.lim.Depth {
		return &DocumentError{Rule: "depth", Path: path(), Message: fmt.Sprintf("nests deeper than the ceiling of %d levels", b.lim.Depth)}
	}
	b.values++
	if b.values > b.lim.Values {
		return &DocumentError{Rule: "values", Path: path(), Message: fmt.Sprintf("the document holds more than %d values (aliases counted as expanded), the ceiling", b.lim.Values)}
	}
	if b.values&4095 == 0 {
		if err := b.ctx.Err(); err != nil {
			return &DocumentError{Rule: "cancelled", Path: path(), Message: fmt.Errorf("%w (%v)", ErrDocumentCancelled, err).Error()}
		}
	}
	return nil
}

// badUTF8 reports the line and column of a document's first invalid UTF-8
// byte, ok false when there is none.
func badUTF8(data []byte) (line, col int, ok bool) {
	if utf8.Valid(data) {
		return 0, 0, false
	}
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return line, col, true
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += n
	}
	return line, col, true
}

// joinKey extends a path with an object key.
func joinKey(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// joinIndex extends a path with a list index.
func joinIndex(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// where names a path for a message: the document itself when empty.
func where(path string) string {
	if path == "" {
		return "the document"
	}
	return path
}
