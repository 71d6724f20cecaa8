package eval

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// decodeError turns a YAML/JSON decoding error into the field it is about
// (its path in the file, "cases[0].expect") and a message in a user's
// words: what the field must be, never a Go type. An error the file's
// syntax causes, or one at the top level, names "file" and its line.
func decodeError(data []byte, err error) *FieldError {
	var ye yaml.Error
	if !errors.As(err, &ye) || ye.GetToken() == nil {
		return &FieldError{"file", oneLine(err.Error())}
	}
	tk := ye.GetToken()
	at := fmt.Sprintf(" (line %d, column %d)", tk.Position.Line, tk.Position.Column)
	field := pathAt(data, tk)
	var msg string
	var te *yaml.TypeError
	var oe *yaml.OverflowError
	var ue *yaml.UnexpectedNodeTypeError
	var fe *yaml.UnknownFieldError
	var de *yaml.DuplicateKeyError
	switch {
	case errors.As(err, &te):
		msg = "must be " + wanted(te.DstType.Kind())
	case errors.As(err, &oe):
		msg = "must be " + wanted(oe.DstType.Kind()) + " of sensible size"
	case errors.As(err, &ue):
		msg = "must be " + nodeWanted(ue.Expected)
	case errors.As(err, &fe):
		msg = "unknown field (the fields are k, agent, profile, tools, services, deferred, pins, cases; a case has task, expect, kind, misleading, held_out)"
	case errors.As(err, &de), strings.Contains(ye.GetMessage(), "already defined"):
		msg = "appears more than once"
		if field == "" {
			field = tk.Value // the parser refuses the file too: name the key
		}
	default:
		return &FieldError{"file", ye.GetMessage() + at}
	}
	if field == "" {
		field = "file"
	}
	return &FieldError{field, msg + at}
}

// pathAt finds the node the error's token starts and returns its path,
// "" for the document itself.
func pathAt(data []byte, tk *token.Token) string {
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return ""
	}
	v := &findPath{line: tk.Position.Line, col: tk.Position.Column}
	for _, d := range f.Docs {
		ast.Walk(v, d)
	}
	p := strings.TrimPrefix(strings.TrimPrefix(v.path, "$"), ".")
	return p
}

type findPath struct {
	line, col int
	path      string
}

// Visit keeps the path of the deepest node that starts at the position
// (a mapping value's key is reported as its value's path).
func (v *findPath) Visit(n ast.Node) ast.Visitor {
	if v.path != "" {
		return nil
	}
	if mv, ok := n.(*ast.MappingValueNode); ok {
		if k := mv.Key.GetToken(); k != nil && k.Position.Line == v.line && k.Position.Column == v.col {
			v.path = mv.Value.GetPath()
			return nil
		}
	}
	if t := n.GetToken(); t != nil && t.Position.Line == v.line && t.Position.Column == v.col {
		if _, ok := n.(*ast.MappingValueNode); !ok {
			v.path = n.GetPath()
			return nil
		}
	}
	return v
}

func wanted(k reflect.Kind) string {
	switch k {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint, reflect.Uint64:
		return "a whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "text"
	case reflect.Struct, reflect.Map:
		return "a mapping (field: value)"
	}
	return "of another kind"
}

func nodeWanted(t ast.NodeType) string {
	switch t {
	case ast.SequenceType:
		return "a list"
	case ast.MappingType, ast.MappingValueType:
		return "a mapping (field: value)"
	case ast.StringType:
		return "text"
	case ast.IntegerType:
		return "a whole number"
	case ast.BoolType:
		return "true or false"
	}
	return "of another kind"
}
