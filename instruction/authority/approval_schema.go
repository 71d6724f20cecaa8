package authority

import "github.com/agentforge/console/catalog"

// maxSchemaDepth bounds the walk of a value along its schema (a
// recursive schema repeats; the arguments are bounded anyway).
const maxSchemaDepth = 64

// secretSchema reports whether a schema marks its value secret.
func secretSchema(p *catalog.Param) bool {
	return p.WriteOnly != nil && *p.WriteOnly || p.Format == "password"
}

// maskBySchema is v with every value that p (a schema of pl's) marks
// secret written MaskedValue: a writeOnly or password-format schema, or
// one of its variants (allOf, anyOf, oneOf, then, else) that is, at any
// depth. A value the schema does not reach stays.
func maskBySchema(v any, p *catalog.Param, pl *schemaPlan, depth int) any {
	if p == nil || v == nil || depth > maxSchemaDepth {
		return v
	}
	if p = pl.resolve(p); p == nil {
		return v
	}
	if secretSchema(p) {
		return MaskedValue
	}
	for _, vs := range [][]catalog.Param{p.AllOf, p.AnyOf, p.OneOf} {
		for i := range vs {
			if v = maskBySchema(v, &vs[i], pl, depth+1); v == MaskedValue {
				return v
			}
		}
	}
	for _, q := range []*catalog.Param{p.Then, p.Else} {
		if v = maskBySchema(v, q, pl, depth+1); v == MaskedValue {
			return v
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = maskBySchema(e, pl.property(p, k), pl, depth+1)
		}
	case []any:
		for i, e := range x {
			q := p.Items
			if i < len(p.PrefixItems) {
				q = &p.PrefixItems[i]
			}
			x[i] = maskBySchema(e, q, pl, depth+1)
		}
	}
	return v
}
