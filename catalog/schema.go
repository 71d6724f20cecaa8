package catalog

import (
	"fmt"
	"math"
	"reflect"
	"sort"
)

// The JSON-Schema importer accounts for every keyword at every path: each
// keyword of drafts 07 and 2020-12 maps to a Param field that both
// rendered forms show (schema.go, schema_more.go), and any other keyword
// (a non-standard "optional": true, a vendor "x-…" member such as
// FastMCP's "x-fastmcp-wrap-result") is kept verbatim in NonStandard,
// rendered as written and flagged to the reviewer. Nothing is dropped.
// The only keywords accounted for without rendering are the envelope:
// "type": "object" at the root (which MCP and OpenAI require of every
// input schema, and which is checked), "$schema", "$id", "$anchor",
// "$vocabulary" and "$comment" (identifiers and notes, no rule on
// arguments) and the definitions "$ref" points into, which are read, in
// full, where they are used (schema_ref.go). A problem is a real
// contradiction or a schema that cannot be rendered whole (a recursive
// reference), naming the tool, the path and the keyword.

// schemaReader converts one tool's input schema and collects problems.
type schemaReader struct {
	ps    *Problems
	tool  string
	count int // problems found while reading this tool
	// warn collects the properties without a description, when the
	// caller shows them to the admin (an input schema's); nil otherwise.
	warn *Warnings
	// flag collects the non-standard keywords kept verbatim, for the
	// reviewer; nil when nobody reads them.
	flag *Warnings
	root map[string]any // the schema references resolve against
	// frames are the schema objects being read, outermost first; loops
	// the repetitions written, by their loop number (schema_ref.go)
	frames []frame
	loops  []loopNode
	alias  map[int]int
	ids    int
	nodes  int // schema nodes read, references expanded
	// budget is the import's, shared by its tools (schema_budget.go)
	budget *schemaBudget
}

func (r *schemaReader) add(path, keyword, format string, args ...any) {
	r.count++
	field := path
	if keyword != "" {
		field = path + "." + keyword
	}
	*r.ps = push(*r.ps, func() Problem {
		return Problem{Tool: r.tool, Field: field, Keyword: keyword, Message: fmt.Sprintf(format, args...)}
	})
}

// overBudget reports the import's schema ceiling passed, once.
func (r *schemaReader) overBudget(path, over string) {
	switch over {
	case "nodes":
		r.add(path, "", "the import's schemas expand to more than %d nodes (references included), the ceiling for one import", MaxImportSchemaNodes)
	case "bytes":
		r.add(path, "", "the import's schemas expand to more than %d bytes of text (references included), the ceiling for one import", MaxImportSchemaBytes)
	default:
		r.add(path, "", "%v", ErrDocumentCancelled)
	}
}

// readInput reads a root input schema: its properties become Params, its
// other rules Input. The root must be an object schema.
func (r *schemaReader) readInput(path string, s map[string]any) ([]Param, *Param) {
	if t, ok := s["type"]; ok && t != "object" {
		r.add(path, "type", "must be \"object\" for a tool's arguments, got %s", jsonValue(t))
	}
	r.root = s
	root := r.read(path, "", s, nil, true)
	r.resolveLoops(&root)
	params := root.Properties
	root.Properties = nil
	root.Type = ""
	if isZeroParam(root) {
		return params, nil
	}
	return params, &root
}

func isZeroParam(p Param) bool { return reflect.DeepEqual(p, Param{}) }

// read converts one schema object. scope holds the property names of the
// enclosing objects a variant's "required" may name.
func (r *schemaReader) read(path, name string, s map[string]any, scope map[string]bool, root bool) Param {
	if r.nodes++; r.nodes > MaxSchemaNodes {
		if r.nodes == MaxSchemaNodes+1 {
			r.add(path, "", "the schema expands to more than %d nodes (references included); no contract within %d bytes holds that many", MaxSchemaNodes, MaxContractBytes)
		}
		return Param{Name: name, Type: "any"}
	}
	if over, err := r.budget.node(s); err != nil {
		return Param{Name: name, Type: "any"}
	} else if over != "" {
		r.overBudget(path, over)
		return Param{Name: name, Type: "any"}
	}
	if _, isRef := s["$ref"]; isRef {
		return r.reference(path, name, s, scope, root)
	}
	f := r.enter(s)
	p := r.keywords(path, name, s, scope, root)
	r.leave(f, &p)
	return p
}

// keywords converts the keywords of one schema object.
func (r *schemaReader) keywords(path, name string, s map[string]any, scope map[string]bool, root bool) Param {
	p := Param{Name: name}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	// "properties" first, so "required" can mark them
	sort.Slice(keys, func(i, j int) bool {
		if (keys[i] == "properties") != (keys[j] == "properties") {
			return keys[i] == "properties"
		}
		return keys[i] < keys[j]
	})
	props, _ := s["properties"].(map[string]any)
	inner := map[string]bool{}
	for k := range scope {
		inner[k] = true
	}
	r.partNames(s, inner, map[uintptr]bool{})
	exclusive := map[string]bool{}
	itemsRead := false
	for _, k := range keys {
		v := s[k]
		switch k {
		case "type":
			if !root {
				p.Type = r.types(path, v)
			}
		case "$comment":
			// a note to the schema's maintainers, by the spec's own word
			// not for its users: checked, never rendered
			if _, ok := v.(string); !ok {
				r.add(path, k, "must be a string")
			}
		case "$schema", "$defs", "definitions", "$id":
			switch {
			case !root:
				r.add(path, k, "is only accepted at the root of a schema")
			case k == "$defs" || k == "definitions":
				r.definitions(path, k, v)
			default:
				if _, ok := v.(string); !ok {
					r.add(path, k, "must be a string")
				}
			}
		case "description", "title", "format", "pattern":
			str, ok := v.(string)
			if !ok {
				r.add(path, k, "must be a string")
				continue
			}
			switch k {
			case "description":
				p.Description = str
			case "title":
				p.Title = str
			case "format":
				p.Format = str
			default:
				p.Pattern = str
			}
		case "enum", "examples":
			l, ok := v.([]any)
			switch {
			case ok && len(l) == 0 && k == "enum":
				r.add(path, k, "lists no value, so no value can match it: the property can never be given")
				continue
			case !ok || len(l) == 0:
				r.add(path, k, "must be a non-empty list")
				continue
			}
			if k == "enum" {
				p.Enum = r.uniqueEnum(path, l)
			} else {
				p.Examples = l
			}
		case "const", "default":
			if v == nil && k == "default" {
				p.DefaultNull = true
				continue
			}
			if v == nil {
				p.ConstNull = true
				continue
			}
			if k == "const" {
				p.Const = v
			} else {
				p.Default = v
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			if b, isBool := v.(bool); isBool && k != "minimum" && k != "maximum" && k != "multipleOf" {
				exclusive[k] = b // draft 4's form, read after the bounds
				continue
			}
			f, ok := v.(float64)
			if !ok {
				r.add(path, k, "must be a number")
				continue
			}
			*map[string]**float64{"minimum": &p.Minimum, "maximum": &p.Maximum, "exclusiveMinimum": &p.ExclusiveMinimum, "exclusiveMaximum": &p.ExclusiveMaximum, "multipleOf": &p.MultipleOf}[k] = &f
		case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
			f, ok := v.(float64)
			if !ok || f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
				r.add(path, k, "must be a non-negative integer, got %s", jsonValue(v))
				continue
			}
			n := int(f)
			*map[string]**int{"minLength": &p.MinLength, "maxLength": &p.MaxLength, "minItems": &p.MinItems, "maxItems": &p.MaxItems, "minProperties": &p.MinProperties, "maxProperties": &p.MaxProperties}[k] = &n
		case "uniqueItems", "deprecated":
			b, ok := v.(bool)
			if !ok {
				r.add(path, k, "must be true or false")
				continue
			}
			if k == "uniqueItems" {
				p.UniqueItems = &b
			} else {
				p.Deprecated = &b
			}
		case "items", "prefixItems", "additionalItems":
			if !itemsRead {
				itemsRead = true
				r.arrayItems(path, s, &p)
			}
		case "properties":
			if _, ok := v.(map[string]any); !ok {
				r.add(path, k, "must be an object of schemas")
				continue
			}
			p.Properties = r.properties(path, props)
		case "required":
			r.required(path, &p, v, props, inner)
		case "additionalProperties":
			switch x := v.(type) {
			case bool:
				if x {
					p.Additional = &Param{Type: "any"}
				} else {
					p.Closed = true
				}
			case map[string]any:
				a := r.read(path+".additionalProperties", "", x, nil, false)
				p.Additional = &a
			default:
				r.add(path, k, "must be true, false or a schema object")
			}
		case "propertyNames":
			m, ok := schemaValue(v)
			if !ok {
				r.add(path, k, "must be a schema object or a boolean")
				continue
			}
			names := r.read(path+".propertyNames", "", m, nil, false)
			p.PropertyNames = &names
		case "oneOf", "anyOf", "allOf":
			r.alternatives(path, k, v, inner, &p)
		default:
			if !r.more(path, k, v, s, inner, &p) {
				r.nonStandard(path, k, v, &p)
			}
		}
	}
	r.exclusiveBounds(path, &p, exclusive)
	if _, typed := s["type"]; !typed && !root {
		if p.combined() {
			p.Type = ""
		} else {
			p.Type = "any"
		}
	}
	return p
}
