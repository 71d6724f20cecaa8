package catalog

import (
	"fmt"
	"regexp"
	"strings"
)

// checker finds structural contradictions in a parameter tree: keywords
// that do not apply to the declared type, values of the wrong type, a
// default outside its enum or bounds, a minimum above its maximum, names
// that are not defined. It speaks the vocabulary of the document it checks:
// JSON-Schema keywords and paths for MCP and OpenAI imports, the console's
// own field names for native contracts.
type checker struct {
	ps     *Problems
	tool   string
	schema bool
	// descRequired refuses a property without a description (the
	// console's own format, for the console's own tools); imports warn
	// instead (schemaReader), and so does the own format for a service's
	// tools, which come from the service as they are (warn).
	descRequired bool
	warn         *Warnings
}

var nativeKeys = map[string]string{
	"minLength": "min_length", "maxLength": "max_length", "minItems": "min_items", "maxItems": "max_items",
	"minProperties": "min_properties", "maxProperties": "max_properties", "exclusiveMinimum": "exclusive_minimum",
	"exclusiveMaximum": "exclusive_maximum", "multipleOf": "multiple_of", "uniqueItems": "unique_items",
	"additionalProperties": "additional_properties", "propertyNames": "property_names", "prefixItems": "prefix_items", "oneOf": "one_of", "anyOf": "any_of", "allOf": "all_of",
	"minContains": "min_contains", "maxContains": "max_contains", "patternProperties": "pattern_properties",
	"dependentRequired": "dependent_required", "dependentSchemas": "dependent_schemas",
	"unevaluatedProperties": "unevaluated_properties", "unevaluatedItems": "unevaluated_items",
	"readOnly": "read_only", "writeOnly": "write_only", "contentMediaType": "content_media_type",
	"contentEncoding": "content_encoding", "contentSchema": "content_schema", "nonStandard": "non_standard",
	"$ref": "ref",
}

// key names a JSON-Schema keyword in the checked document's vocabulary.
func (c *checker) key(k string) string {
	if n, ok := nativeKeys[k]; ok && !c.schema {
		return n
	}
	return k
}

func (c *checker) add(path, keyword, format string, args ...any) {
	k := c.key(keyword)
	field := path
	if k != "" {
		field = path + "." + k
	}
	*c.ps = push(*c.ps, func() Problem {
		return Problem{Tool: c.tool, Field: field, Keyword: k, Message: fmt.Sprintf(format, args...)}
	})
}

// params checks a list of properties: names, duplicates and each property.
func (c *checker) params(path string, ps []Param, scope map[string]bool) {
	seen := map[string]bool{}
	names := newSiblingNames(ps)
	for i, p := range ps {
		f := path + "." + p.Name
		alike := names.lookalike(p.Name)
		switch {
		case p.Name == "" && c.schema:
			// a JSON Schema's properties are an object: the name is a key
			// under its parent
			f = path + "." + jsonValue("")
			c.add(f, "", "a property's name is empty: the server must give it a name")
		case p.Name == "":
			f = fmt.Sprintf("%s[%d]", path, i)
			c.add(f, "name", "is required")
		case strings.ContainsFunc(p.Name, unshownRune):
			c.add(f, "", "property name %q holds a control, format or unassigned character, which would not read as written", p.Name)
		case seen[p.Name]:
			c.add(f, "", "duplicate parameter name")
		case alike != "":
			c.add(f, "", "%s", alike)
		}
		seen[p.Name] = true
		if alike == "" {
			names.add(p.Name)
		}
		c.param(f, p, true, scope)
	}
}

// input checks the rules on the argument object as a whole: an object
// whose properties are the contract's params.
func (c *checker) input(path string, in Param, params []Param) {
	if in.Type == "" {
		in.Type = "object"
	}
	scope := map[string]bool{}
	for _, p := range params {
		scope[p.Name] = true
	}
	in.Properties = nil
	c.param(path, in, false, scope)
}

// output checks the result's structure: an object whose properties are
// the result's fields.
func (c *checker) output(path string, out Param) {
	if out.Type != "" && out.Type != "object" {
		c.add(path, "type", "must be \"object\" for a tool's result, got %q", out.Type)
	}
	out.Type = "object"
	c.param(path, out, false, nil)
}

// param checks one schema node and everything below it. scope holds what
// the enclosing object defines (schema_parts.go), which Requires may name
// along with what p and its parts define.
func (c *checker) param(path string, p Param, needDesc bool, scope map[string]bool) {
	checkText(c.ps, c.tool, path+".description", p.Description, needDesc && c.descRequired)
	if needDesc && !c.descRequired && c.warn != nil && strings.TrimSpace(p.Description) == "" {
		c.warn.add(c.tool, path, "has no description: the model sees only its name and facts")
	}
	if strings.ContainsAny(p.Title, "\r\n\u2028\u2029\u0085\v\f") {
		c.add(path, "title", "must be one line")
	}
	if p.Ref != "" {
		c.repetition(path, p)
		return
	}
	types := c.types(path, p)
	c.applies(path, p, types)
	c.values(path, p, types)
	c.bounds(path, p)
	if p.Closed && p.Additional != nil {
		c.add(path, "additionalProperties", "cannot both forbid other properties and give them a schema")
	}
	inner := map[string]bool{}
	for k := range scope {
		inner[k] = true
	}
	paramNames(p, inner)
	seen := map[string]bool{}
	for _, r := range p.Requires {
		if !inScope(inner, r) && !namesKey(p.PropertyNames, r) || seen[r] {
			c.add(path, "required", "names %q, which is neither a property of the enclosing object nor a key its property names list (or names it twice)", r)
		}
		seen[r] = true
	}
	for i, it := range p.PrefixItems {
		c.param(fmt.Sprintf("%s[%d]", path, i), it, false, nil)
	}
	if p.Items != nil {
		c.param(path+"[]", *p.Items, false, nil)
	}
	c.tuple(path, p)
	if p.Additional != nil {
		c.param(path+"."+c.key("additionalProperties"), *p.Additional, false, nil)
	}
	if p.PropertyNames != nil {
		c.propertyNames(path+"."+c.key("propertyNames"), *p.PropertyNames)
	}
	c.params(path, p.Properties, nil)
	for k, alts := range map[string][]Param{"oneOf": p.OneOf, "anyOf": p.AnyOf, "allOf": p.AllOf} {
		for i, a := range alts {
			c.param(fmt.Sprintf("%s.%s[%d]", path, c.key(k), i), a, false, inner)
		}
	}
	c.more(path, p, types, inner)
}

// repetition checks a node repeating an enclosing schema (its place is
// checked by checkRecursion): beside Ref it holds its name, whether it is
// required and annotations, never rules of its own.
func (c *checker) repetition(path string, p Param) {
	q := p
	q.Name, q.Required, q.Description, q.Title, q.Ref = "", false, "", "", ""
	q.Default, q.DefaultNull, q.Examples, q.Deprecated, q.ReadOnly, q.WriteOnly = nil, false, nil, nil, nil, nil
	if !isZeroParam(q) {
		c.add(path, "$ref", "repeats an enclosing schema, so it holds no rules of its own (only a name, required and annotations); write its rules in an allOf beside it")
	}
}

// types checks the type and returns the concrete types, or nil when the
// node accepts any type ("any", or no type beside variants).
func (c *checker) types(path string, p Param) []string {
	if p.Type == "" {
		if !p.combined() {
			c.add(path, "type", "is required")
		}
		return nil
	}
	parts := strings.Split(p.Type, "|")
	seen := map[string]bool{}
	for _, t := range parts {
		if !schemaTypes[t] || (t == "any" && len(parts) > 1) || seen[t] {
			c.add(path, "type", "unknown JSON-schema type %q", p.Type)
			return nil
		}
		seen[t] = true
	}
	if p.Type == "any" {
		return nil
	}
	return parts
}

func has(types []string, t ...string) bool {
	for _, x := range types {
		for _, y := range t {
			if x == y {
				return true
			}
		}
	}
	return false
}

// applies reports keywords that cannot constrain any of the declared types.
func (c *checker) applies(path string, p Param, types []string) {
	if types == nil {
		return
	}
	need := func(set bool, keyword, kind string, ts ...string) {
		if set && !has(types, ts...) {
			c.add(path, keyword, "applies only to %s, but the type is %s", kind, p.Type)
		}
	}
	need(p.MinLength != nil, "minLength", "strings", "string")
	need(p.MaxLength != nil, "maxLength", "strings", "string")
	need(p.Pattern != "", "pattern", "strings", "string")
	need(p.Minimum != nil, "minimum", "numbers", "number", "integer")
	need(p.Maximum != nil, "maximum", "numbers", "number", "integer")
	need(p.ExclusiveMinimum != nil, "exclusiveMinimum", "numbers", "number", "integer")
	need(p.ExclusiveMaximum != nil, "exclusiveMaximum", "numbers", "number", "integer")
	need(p.MultipleOf != nil, "multipleOf", "numbers", "number", "integer")
	need(p.Items != nil, "items", "arrays", "array")
	need(len(p.PrefixItems) > 0, "prefixItems", "arrays", "array")
	need(p.MinItems != nil, "minItems", "arrays", "array")
	need(p.MaxItems != nil, "maxItems", "arrays", "array")
	need(p.UniqueItems != nil, "uniqueItems", "arrays", "array")
	need(len(p.Properties) > 0, "properties", "objects", "object")
	need(p.Closed || p.Additional != nil, "additionalProperties", "objects", "object")
	need(p.PropertyNames != nil, "propertyNames", "objects", "object")
	need(p.MinProperties != nil, "minProperties", "objects", "object")
	need(p.MaxProperties != nil, "maxProperties", "objects", "object")
	need(len(p.Requires) > 0, "required", "objects", "object")
}

// bounds checks that every lower bound is at most its upper bound.
func (c *checker) bounds(path string, p Param) {
	lt := func(lo, hi *float64, strict bool) bool {
		return lo != nil && hi != nil && (*lo > *hi || (strict && *lo >= *hi))
	}
	if lt(p.Minimum, p.Maximum, false) || lt(p.Minimum, p.ExclusiveMaximum, true) {
		c.add(path, "minimum", "%s is above the maximum", jsonValue(*p.Minimum))
	}
	if lt(p.ExclusiveMinimum, p.Maximum, true) || lt(p.ExclusiveMinimum, p.ExclusiveMaximum, true) {
		c.add(path, "exclusiveMinimum", "%s leaves no value below the maximum", jsonValue(*p.ExclusiveMinimum))
	}
	if p.MultipleOf != nil && *p.MultipleOf <= 0 {
		c.add(path, "multipleOf", "must be above 0")
	}
	ints := []struct {
		lo, hi *int
		key    string
		hiKey  string
	}{{p.MinLength, p.MaxLength, "minLength", "maxLength"}, {p.MinItems, p.MaxItems, "minItems", "maxItems"}, {p.MinProperties, p.MaxProperties, "minProperties", "maxProperties"}}
	for _, b := range ints {
		for _, v := range []*int{b.lo, b.hi} {
			if v != nil && *v < 0 {
				c.add(path, b.key, "must be a non-negative integer")
			}
		}
		if b.lo != nil && b.hi != nil && *b.lo > *b.hi {
			c.add(path, b.key, "%d is above %s %d", *b.lo, c.key(b.hiKey), *b.hi)
		}
	}
	if p.Pattern != "" {
		if _, err := regexp.Compile(p.Pattern); err != nil {
			c.ecmaPattern(path, p)
		}
	}
}
