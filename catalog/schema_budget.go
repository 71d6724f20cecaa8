package catalog

import (
	"context"
	"errors"
)

// The schema budget. A reference ("$ref") is expanded in place wherever it
// is used (schema_ref.go), so a few bytes can stand for a large schema: a
// definition used twice by one used twice, twelve levels deep, is 4,096
// schemas. MaxSchemaNodes bounds one tool; the budget below bounds the
// whole import, counted while the schemas expand, with the bytes of text
// the expansions copy into contracts (descriptions, enumerations,
// defaults, examples), so a document of many tools, each within its own
// bound, cannot multiply past what a contract of the largest size times
// the tools could hold.

// Import-wide schema ceilings.
const (
	// MaxImportSchemaNodes bounds the schema nodes all of an import's
	// tools expand to, references included.
	MaxImportSchemaNodes = 32768
	// MaxImportSchemaBytes bounds the text those nodes copy.
	MaxImportSchemaBytes = 16 << 20
)

// schemaBudget is one import's expansion budget, shared by its tools.
type schemaBudget struct {
	ctx   context.Context
	nodes int
	bytes int
	// over names the ceiling the import passed, once passed
	over string
}

// newSchemaBudget starts an import's budget; nil ctx never ends.
func newSchemaBudget(ctx context.Context) *schemaBudget {
	if ctx == nil {
		ctx = context.Background()
	}
	return &schemaBudget{ctx: ctx}
}

var errSchemaBudget = errors.New("schema budget spent")

// node counts one schema node and the text it copies; it reports the
// ceiling passed (or the context's end) the first time, errSchemaBudget
// after, and nil while within.
func (b *schemaBudget) node(s map[string]any) (string, error) {
	if b.over != "" {
		return "", errSchemaBudget
	}
	b.nodes++
	switch {
	case b.nodes > MaxImportSchemaNodes:
		b.over = "nodes"
	default:
		for _, k := range copiedKeywords {
			if v, ok := s[k]; ok {
				b.bytes += valueBytes(v, MaxImportSchemaBytes-b.bytes+1)
			}
		}
		if b.bytes > MaxImportSchemaBytes {
			b.over = "bytes"
		} else if b.nodes&255 == 0 && b.ctx.Err() != nil {
			b.over = "cancelled"
		}
	}
	if b.over != "" {
		return b.over, nil
	}
	return "", nil
}

// copiedKeywords hold values a contract keeps as given, and its renderings
// show.
var copiedKeywords = []string{"description", "title", "format", "pattern", "enum", "examples", "const", "default", "required", "$comment"}

// valueBytes measures a value as JSON would spend on it, roughly, stopping
// once past limit.
func valueBytes(v any, limit int) int {
	switch x := v.(type) {
	case string:
		return len(x) + 2
	case []any:
		n := 2
		for _, e := range x {
			if n += valueBytes(e, limit-n) + 1; n > limit {
				return n
			}
		}
		return n
	case map[string]any:
		n := 2
		for k, e := range x {
			if n += len(k) + 4 + valueBytes(e, limit-n); n > limit {
				return n
			}
		}
		return n
	}
	return 8
}
