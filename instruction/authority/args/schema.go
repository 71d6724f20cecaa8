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
func Schema(c catalog.Contract) map[string]any {
	root := map[string]any{}
	if c.Input != nil {
		root = paramSchema(*c.Input)
	}
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["type"] = "object"
	props, req := properties(c.Params)
	if len(props) > 0 {
		root["properties"] = props
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

func properties(ps []Param) (map[string]any, []string) {
	if len(ps) == 0 {
		return nil, nil
	}
	props := make(map[string]any, len(ps))
	var req []string
	for _, p := range ps {
		props[p.Name] = paramSchema(p)
		if p.Required {
			req = append(req, p.Name)
		}
	}
	return props, req
}

// Param is catalog.Param, named here for brevity.
type Param = catalog.Param

// paramSchema writes one Param back as a schema object.
func paramSchema(p Param) map[string]any {
	if p.Ref != "" {
		// a repetition of an enclosing schema (a tree): its place in this
		// very schema, which the contract's pointers name
		return map[string]any{"$ref": p.Ref}
	}
	s := map[string]any{}
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
	if p.Const != nil {
		s["const"] = p.Const
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
			items[i] = paramSchema(it)
		}
		s["prefixItems"] = items
	}
	switch {
	case p.ClosedItems:
		s["items"] = false
	case p.Items != nil:
		s["items"] = paramSchema(*p.Items)
	}
	props, req := properties(p.Properties)
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
		s["additionalProperties"] = paramSchema(*p.Additional)
	}
	if p.PropertyNames != nil {
		s["propertyNames"] = paramSchema(*p.PropertyNames)
	}
	for k, l := range map[string][]Param{"oneOf": p.OneOf, "anyOf": p.AnyOf, "allOf": p.AllOf} {
		if len(l) == 0 {
			continue
		}
		out := make([]any, len(l))
		for i, v := range l {
			out[i] = paramSchema(v)
		}
		s[k] = out
	}
	moreSchema(s, p)
	return s
}

// moreSchema writes back the keywords of drafts 07 and 2020-12 beyond the
// core ones (catalog/schema_more.go); draft 7's "dependencies" was read
// into the two keywords 2020-12 split it into. Non-standard keywords set
// no rule and are left out, like the annotations.
func moreSchema(s map[string]any, p Param) {
	one := func(k string, q *Param) {
		if q != nil {
			s[k] = paramSchema(*q)
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
			m[q.Name] = paramSchema(q)
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
			m[q.Name] = paramSchema(q)
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
