package args

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// Schema is the JSON Schema (draft 2020-12) of a reviewed contract's
// arguments: an object whose properties are the contract's Params, with
// the rules of its Input on the object as a whole. Every rule a Param
// holds is written back as the keyword it was read from; descriptions,
// titles, examples and other annotations are left out (they constrain no
// value).
func Schema(c catalog.Contract) map[string]any { return writer{}.schema(c) }

// Published is Schema with every annotation the contract keeps written
// back too: descriptions (the reviewed ones, when the contract is the
// one the model reads), titles, defaults, examples, deprecation,
// read-only and write-only marks, content encodings and the
// non-standard keywords the catalog keeps verbatim. It is the schema a
// client is shown (the gateway's tools/list), as DESIGN §2 keeps them in
// the contract; Schema is the one arguments are checked against.
func Published(c catalog.Contract) map[string]any { return writer{notes: true}.schema(c) }

// writer writes a contract back as JSON Schema; notes: with annotations.
type writer struct{ notes bool }

func (w writer) schema(c catalog.Contract) map[string]any {
	root := map[string]any{}
	if c.Input != nil {
		root = w.paramSchema(*c.Input)
	}
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["type"] = "object"
	props, req := w.properties(c.Params)
	switch {
	case len(props) > 0:
		root["properties"] = props
	case root["properties"] == nil:
		// an argument object declares its (no) properties: a client is
		// shown them (some read a tool's parameters from this member
		// alone), and the check refuses a member no reviewer saw as it
		// does beside declared ones (undeclared.go)
		root["properties"] = map[string]any{}
	}
	if len(req) > 0 {
		root["required"] = append(req, asStrings(root["required"])...)
	}
	return root
}

func asStrings(v any) []string {
	s, _ := v.([]string)
	return s
}

func (w writer) properties(ps []Param) (map[string]any, []string) {
	if len(ps) == 0 {
		return nil, nil
	}
	props := make(map[string]any, len(ps))
	var req []string
	for _, p := range ps {
		props[p.Name] = w.paramSchema(p)
		if p.Required {
			req = append(req, p.Name)
		}
	}
	return props, req
}

// Param is catalog.Param, named here for brevity.
type Param = catalog.Param

// paramSchema writes one Param back as a schema object.
func (w writer) paramSchema(p Param) map[string]any {
	if p.Ref != "" {
		// a repetition of an enclosing schema (a tree): its place in this
		// very schema, which the contract's pointers name
		s := map[string]any{"$ref": p.Ref}
		w.annotations(s, p)
		return s
	}
	s := map[string]any{}
	w.annotations(s, p)
	switch {
	case p.Type == "" || p.Type == "any":
	case strings.Contains(p.Type, "|"):
		s["type"] = strings.Split(p.Type, "|")
	default:
		s["type"] = p.Type
	}
	if p.Enum != nil {
		s["enum"] = p.Enum
	}
	switch {
	case p.Const != nil:
		s["const"] = p.Const
	case p.ConstNull:
		s["const"] = nil
	}
	if p.Format != "" {
		s["format"] = p.Format
	}
	if p.Pattern != "" {
		s["pattern"] = p.Pattern
	}
	for k, v := range map[string]*float64{"minimum": p.Minimum, "maximum": p.Maximum, "exclusiveMinimum": p.ExclusiveMinimum, "exclusiveMaximum": p.ExclusiveMaximum, "multipleOf": p.MultipleOf} {
		if v != nil {
			s[k] = *v
		}
	}
	for k, v := range map[string]*int{"minLength": p.MinLength, "maxLength": p.MaxLength, "minItems": p.MinItems, "maxItems": p.MaxItems, "minProperties": p.MinProperties, "maxProperties": p.MaxProperties} {
		if v != nil {
			s[k] = *v
		}
	}
	if p.UniqueItems != nil {
		s["uniqueItems"] = *p.UniqueItems
	}
	if len(p.PrefixItems) > 0 {
		items := make([]any, len(p.PrefixItems))
		for i, it := range p.PrefixItems {
			items[i] = w.paramSchema(it)
		}
		s["prefixItems"] = items
	}
	switch {
	case p.ClosedItems:
		s["items"] = false
	case p.Items != nil:
		s["items"] = w.paramSchema(*p.Items)
	}
	props, req := w.properties(p.Properties)
	if props != nil {
		s["properties"] = props
	}
	req = append(req, p.Requires...)
	if len(req) > 0 {
		s["required"] = req
	}
	switch {
	case p.Closed:
		s["additionalProperties"] = false
	case p.Additional != nil:
		s["additionalProperties"] = w.paramSchema(*p.Additional)
	}
	if p.PropertyNames != nil {
		s["propertyNames"] = w.paramSchema(*p.PropertyNames)
	}
	for k, l := range map[string][]Param{"oneOf": p.OneOf, "anyOf": p.AnyOf, "allOf": p.AllOf} {
		if len(l) == 0 {
			continue
		}
		out := make([]any, len(l))
		for i, v := range l {
			out[i] = w.paramSchema(v)
		}
		s[k] = out
	}
	w.moreSchema(s, p)
	return s
}

// moreSchema writes back the keywords of drafts 07 and 2020-12 beyond the
// core ones (catalog/schema_more.go); draft 7's "dependencies" was read
// into the two keywords 2020-12 split it into. Non-standard keywords set
// no rule and are left out, like the annotations.
func (w writer) moreSchema(s map[string]any, p Param) {
	one := func(k string, q *Param) {
		if q != nil {
			s[k] = w.paramSchema(*q)
		}
	}
	one("contains", p.Contains)
	for k, v := range map[string]*int{"minContains": p.MinContains, "maxContains": p.MaxContains} {
		if v != nil {
			s[k] = *v
		}
	}
	if len(p.PatternProperties) > 0 {
		m := make(map[string]any, len(p.PatternProperties))
		for _, q := range p.PatternProperties {
			m[q.Name] = w.paramSchema(q)
		}
		s["patternProperties"] = m
	}
	if len(p.DependentRequired) > 0 {
		m := make(map[string]any, len(p.DependentRequired))
		for _, d := range p.DependentRequired {
			m[d.Name] = d.Requires
		}
		s["dependentRequired"] = m
	}
	if len(p.DependentSchemas) > 0 {
		m := make(map[string]any, len(p.DependentSchemas))
		for _, q := range p.DependentSchemas {
			m[q.Name] = w.paramSchema(q)
		}
		s["dependentSchemas"] = m
	}
	one("if", p.If)
	one("then", p.Then)
	one("else", p.Else)
	one("not", p.Not)
	switch {
	case p.NoUnevaluatedProperties:
		s["unevaluatedProperties"] = false
	default:
		one("unevaluatedProperties", p.UnevaluatedProperties)
	}
	switch {
	case p.NoUnevaluatedItems:
		s["unevaluatedItems"] = false
	default:
		one("unevaluatedItems", p.UnevaluatedItems)
	}
}

// annotations writes back what p says about its value without ruling on
// it (only when the writer keeps notes). The non-standard keywords go
// first, so no standard keyword written after them can be displaced.
func (w writer) annotations(s map[string]any, p Param) {
	if !w.notes {
		return
	}
	for k, v := range p.NonStandard {
		s[k] = v
	}
	if p.Title != "" {
		s["title"] = p.Title
	}
	if p.Description != "" {
		s["description"] = p.Description
	}
	switch {
	case p.DefaultNull:
		s["default"] = nil
	case p.Default != nil:
		s["default"] = p.Default
	}
	if len(p.Examples) > 0 {
		s["examples"] = p.Examples
	}
	for k, v := range map[string]*bool{"deprecated": p.Deprecated, "readOnly": p.ReadOnly, "writeOnly": p.WriteOnly} {
		if v != nil {
			s[k] = *v
		}
	}
	if p.ContentMediaType != "" {
		s["contentMediaType"] = p.ContentMediaType
	}
	if p.ContentEncoding != "" {
		s["contentEncoding"] = p.ContentEncoding
	}
	if p.ContentSchema != nil {
		s["contentSchema"] = w.paramSchema(*p.ContentSchema)
	}
}
