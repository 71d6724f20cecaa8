package catalog

import (
	"math"
	"sort"
)

// more reads the keywords of drafts 07 and 2020-12 beyond the core ones
// read() handles: array containment, pattern and dependent properties,
// conditionals, negation, unevaluated members, annotations and content
// description. It reports false when k is none of them (a non-standard
// keyword).
func (r *schemaReader) more(path, k string, v any, s map[string]any, inner map[string]bool, p *Param) bool {
	switch k {
	case "contains":
		p.Contains = r.sub(path, k, v, nil)
	case "minContains", "maxContains":
		if n, ok := r.natural(path, k, v); ok {
			*map[string]**int{"minContains": &p.MinContains, "maxContains": &p.MaxContains}[k] = &n
		}
	case "patternProperties":
		r.patternProperties(path, v, p)
	case "dependentRequired":
		r.dependentRequired(path, k, v, p)
	case "dependentSchemas":
		r.dependentSchemas(path, k, v, inner, p)
	case "dependencies":
		r.dependencies(path, v, inner, p)
	case "if", "then", "else", "not":
		*map[string]**Param{"if": &p.If, "then": &p.Then, "else": &p.Else, "not": &p.Not}[k] = r.sub(path, k, v, inner)
	case "unevaluatedProperties", "unevaluatedItems":
		switch x := v.(type) {
		case bool:
			if !x && k == "unevaluatedProperties" {
				p.NoUnevaluatedProperties = true
			} else if !x {
				p.NoUnevaluatedItems = true
			} else {
				anything := &Param{Type: "any"}
				*map[string]**Param{"unevaluatedProperties": &p.UnevaluatedProperties, "unevaluatedItems": &p.UnevaluatedItems}[k] = anything
			}
		default:
			*map[string]**Param{"unevaluatedProperties": &p.UnevaluatedProperties, "unevaluatedItems": &p.UnevaluatedItems}[k] = r.sub(path, k, v, nil)
		}
	case "readOnly", "writeOnly":
		b, ok := v.(bool)
		if !ok {
			r.add(path, k, "must be true or false")
			return true
		}
		*map[string]**bool{"readOnly": &p.ReadOnly, "writeOnly": &p.WriteOnly}[k] = &b
	case "contentMediaType", "contentEncoding":
		str, ok := v.(string)
		if !ok {
			r.add(path, k, "must be a string")
			return true
		}
		*map[string]*string{"contentMediaType": &p.ContentMediaType, "contentEncoding": &p.ContentEncoding}[k] = str
	case "contentSchema":
		p.ContentSchema = r.sub(path, k, v, nil)
	case "$anchor", "$dynamicAnchor":
		// a name a reference may use: no rule on values
		if _, ok := v.(string); !ok {
			r.add(path, k, "must be a string")
		}
	case "$recursiveAnchor":
		if _, ok := v.(bool); !ok {
			r.add(path, k, "must be true or false")
		}
	case "$vocabulary":
		if _, ok := v.(map[string]any); !ok {
			r.add(path, k, "must be an object")
		}
	case "$dynamicRef", "$recursiveRef":
		r.add(path, k, "resolves only while validating, to whichever schema the dynamic scope holds then; a contract repeats only a fixed enclosing schema (\"$ref\"), so the tool is refused rather than guessed")
	default:
		return false
	}
	return true
}

// nonStandard keeps a keyword no JSON Schema draft defines verbatim, for
// both forms to render as written, and tells the reviewer.
func (r *schemaReader) nonStandard(path, k string, v any, p *Param) {
	if p.NonStandard == nil {
		p.NonStandard = map[string]any{}
	}
	p.NonStandard[k] = v
	if r.flag != nil {
		r.flag.add(r.tool, path+"."+k, "non-standard keyword %s: no JSON Schema draft defines it, so it is rendered verbatim and no argument is checked against it", jsonValue(k))
	}
}

// sub reads a keyword's value as one schema object.
func (r *schemaReader) sub(path, k string, v any, scope map[string]bool) *Param {
	m, ok := schemaValue(v)
	if !ok {
		r.add(path, k, "must be a schema object or a boolean")
		return nil
	}
	q := r.read(path+"."+k, "", m, scope, false)
	return &q
}

// natural reads a non-negative integer.
func (r *schemaReader) natural(path, k string, v any) (int, bool) {
	f, ok := v.(float64)
	if !ok || f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
		r.add(path, k, "must be a non-negative integer, got %s", jsonValue(v))
		return 0, false
	}
	return int(f), true
}

// sortedKeys lists an object's member names in order (JSON objects carry
// none).
func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// patternProperties reads the schemas of the properties whose names match
// a pattern, in pattern order; each one's Name is its pattern.
func (r *schemaReader) patternProperties(path string, v any, p *Param) {
	m, ok := v.(map[string]any)
	if !ok {
		r.add(path, "patternProperties", "must be an object of schemas")
		return
	}
	for _, pat := range sortedKeys(m) {
		sm, ok := schemaValue(m[pat])
		if !ok {
			r.add(path+".patternProperties."+pat, "", "must be a schema object or a boolean")
			continue
		}
		q := r.read(path+".patternProperties."+pat, pat, sm, nil, false)
		p.PatternProperties = append(p.PatternProperties, q)
	}
}

// dependentRequired reads {"a": ["b", "c"]}: when a is present, b and c
// must be too.
func (r *schemaReader) dependentRequired(path, k string, v any, p *Param) {
	m, ok := v.(map[string]any)
	if !ok {
		r.add(path, k, "must be an object of lists of property names")
		return
	}
	for _, name := range sortedKeys(m) {
		p.DependentRequired = append(p.DependentRequired, r.dependency(path+"."+k, name, m[name]))
	}
}

func (r *schemaReader) dependency(path, name string, v any) Dependency {
	d := Dependency{Name: name, Requires: []string{}}
	l, ok := v.([]any)
	if !ok {
		r.add(path, name, "must be a list of property names")
		return d
	}
	for _, x := range l {
		s, ok := x.(string)
		if !ok {
			r.add(path, name, "entry %s is not a property name", jsonValue(x))
			continue
		}
		d.Requires = append(d.Requires, s)
	}
	return d
}

// dependentSchemas reads {"a": schema}: when a is present, the whole
// object must match the schema, whose "required" may name the object's
// properties.
func (r *schemaReader) dependentSchemas(path, k string, v any, inner map[string]bool, p *Param) {
	m, ok := v.(map[string]any)
	if !ok {
		r.add(path, k, "must be an object of schemas")
		return
	}
	for _, name := range sortedKeys(m) {
		sm, ok := schemaValue(m[name])
		if !ok {
			r.add(path+"."+k+"."+name, "", "must be a schema object or a boolean")
			continue
		}
		q := r.read(path+"."+k+"."+name, name, sm, inner, false)
		p.DependentSchemas = append(p.DependentSchemas, q)
	}
}

// dependencies reads draft 7's "dependencies", which 2020-12 split in
// two: a list value is dependentRequired, a schema dependentSchemas.
func (r *schemaReader) dependencies(path string, v any, inner map[string]bool, p *Param) {
	m, ok := v.(map[string]any)
	if !ok {
		r.add(path, "dependencies", "must be an object of lists of property names or schemas")
		return
	}
	for _, name := range sortedKeys(m) {
		switch x := m[name].(type) {
		case map[string]any:
			q := r.read(path+".dependencies."+name, name, x, inner, false)
			p.DependentSchemas = append(p.DependentSchemas, q)
		default:
			p.DependentRequired = append(p.DependentRequired, r.dependency(path+".dependencies", name, x))
		}
	}
}

// uniqueEnum drops an enum's repeated values, keeping each first place:
// JSON Schema asks for unique values without making a repeat an error,
// and a repeat allows nothing more, so a server's schema that lists one
// twice is read, and the reviewer is told which value was dropped.
func (r *schemaReader) uniqueEnum(path string, l []any) []any {
	seen := make(map[string]bool, len(l))
	out := l[:0:0]
	for _, v := range l {
		key := jsonValue(v)
		if seen[key] {
			if w := r.reviewerNotes(); w != nil {
				w.add(r.tool, path+".enum", "lists %s twice; the repeat is dropped (it allows nothing more)", key)
			}
			continue
		}
		seen[key] = true
		out = append(out, v)
	}
	return out
}

// reviewerNotes is where a finding for the reviewer goes: the flagged
// keywords' list, else the missing descriptions' one; nil when nobody
// reads either.
func (r *schemaReader) reviewerNotes() *Warnings {
	if r.flag != nil {
		return r.flag
	}
	return r.warn
}
