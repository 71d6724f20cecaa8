package catalog

import (
	"sort"
	"strings"
)

// properties reads an object's properties in name order (JSON objects
// carry no order).
func (r *schemaReader) properties(path string, props map[string]any) []Param {
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]Param, 0, len(names))
	for _, k := range names {
		sub, ok := schemaValue(props[k])
		if !ok {
			r.add(path+"."+k, "", "must be a schema object or a boolean")
			continue
		}
		if d, _ := sub["description"].(string); strings.TrimSpace(d) == "" && r.warn != nil {
			r.warn.add(r.tool, path+"."+k, "has no description: the model sees only its name and facts")
		}
		p := r.read(path+"."+k, k, sub, nil, false)
		if strings.TrimSpace(p.Description) == "" {
			p.Description = "" // blank renders as nothing; say so in the contract
		}
		out = append(out, p)
	}
	return out
}

// required marks own properties required and records as Requires the
// names the object's parts or an enclosing object define (scope, see
// schema_parts.go), and the keys a record's property names
// list (zod 4's z.record(z.enum([…]), …) requires every one); a name
// defined nowhere is a problem.
func (r *schemaReader) required(path string, p *Param, v any, props map[string]any, scope map[string]bool) {
	l, ok := v.([]any)
	if !ok {
		r.add(path, "required", "must be a list of property names")
		return
	}
	seen := map[string]bool{}
	own := map[string]bool{}
	for _, x := range l {
		name, ok := x.(string)
		switch {
		case !ok:
			r.add(path, "required", "entry %s is not a property name", jsonValue(x))
		case seen[name]:
			r.add(path, "required", "names %q twice", name)
		case props[name] != nil:
			own[name] = true
		case inScope(scope, name) || namesKey(p.PropertyNames, name):
			p.Requires = append(p.Requires, name)
		default:
			r.add(path, "required", "names %q, which is not a defined property", name)
		}
		if ok {
			seen[name] = true
		}
	}
	for i := range p.Properties {
		if own[p.Properties[i].Name] {
			p.Properties[i].Required = true
		}
	}
}

// namesKey reports whether a property-names schema lists the name among
// its enum values (read before "required", which sorts after it).
func namesKey(names *Param, name string) bool {
	if names == nil {
		return false
	}
	for _, v := range names.Enum {
		if v == name {
			return true
		}
	}
	return false
}
