package authority

import (
	"regexp"

	"github.com/agentforge/console/catalog"
)

// maxSchemaDepth bounds the walk of a value along its schema (a
// recursive schema repeats; the arguments are bounded anyway).
const maxSchemaDepth = 64

// secretSchema reports whether a schema marks its value secret.
func secretSchema(p *catalog.Param) bool {
	return p.WriteOnly != nil && *p.WriteOnly || p.Format == "password"
}

// maskBySchema is v with every value that p (a schema below root, the
// argument object's) marks secret written MaskedValue: a writeOnly or
// password-format schema, or one of its variants (allOf, anyOf, oneOf,
// then, else) that is, at any depth. A value the schema does not reach
// stays.
func maskBySchema(v any, p, root *catalog.Param, depth int) any {
	if p == nil || v == nil || depth > maxSchemaDepth {
		return v
	}
	if p.Ref != "" {
		if p = catalog.SchemaAt(root, p.Ref); p == nil {
			return v
		}
	}
	if secretSchema(p) {
		return MaskedValue
	}
	for _, vs := range [][]catalog.Param{p.AllOf, p.AnyOf, p.OneOf} {
		for i := range vs {
			if v = maskBySchema(v, &vs[i], root, depth+1); v == MaskedValue {
				return v
			}
		}
	}
	for _, q := range []*catalog.Param{p.Then, p.Else} {
		if v = maskBySchema(v, q, root, depth+1); v == MaskedValue {
			return v
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = maskBySchema(e, propertySchema(p, k), root, depth+1)
		}
	case []any:
		for i, e := range x {
			q := p.Items
			if i < len(p.PrefixItems) {
				q = &p.PrefixItems[i]
			}
			x[i] = maskBySchema(e, q, root, depth+1)
		}
	}
	return v
}

// propertySchema is the schema p gives its property k: its own, else the
// first pattern property matching k, else the additional properties'.
func propertySchema(p *catalog.Param, k string) *catalog.Param {
	for i := range p.Properties {
		if p.Properties[i].Name == k {
			return &p.Properties[i]
		}
	}
	for i := range p.PatternProperties {
		if re, err := regexp.Compile(p.PatternProperties[i].Name); err == nil && re.MatchString(k) {
			return &p.PatternProperties[i]
		}
	}
	return p.Additional
}
