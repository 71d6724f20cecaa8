package catalog

import "fmt"

// alternatives reads oneOf, anyOf or allOf into p. An alternative that is
// exactly {"not": {}} matches no value; zod-to-json-schema writes one
// inside anyOf for an optional nullable field. Among variants or options
// it can never be the one that matches, so leaving it out changes nothing
// a call may send; as a part of allOf it would forbid every value, and
// "not" stays refused there.
func (r *schemaReader) alternatives(path, k string, v any, inner map[string]bool, p *Param) {
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		r.add(path, k, "must be a list of at least one schema object or boolean")
		return
	}
	var alts []Param
	never := 0
	for i, a := range l {
		at := fmt.Sprintf("%s.%s[%d]", path, k, i)
		m, ok := schemaValue(a)
		if !ok {
			r.add(at, "", "must be a schema object or a boolean")
			continue
		}
		if k != "allOf" && matchesNothing(m) {
			never++
			continue
		}
		alts = append(alts, r.read(at, "", m, inner, false))
	}
	if never == len(l) {
		r.add(path, k, "no alternative can match a value (each is {\"not\": {}})")
		return
	}
	switch k {
	case "oneOf":
		p.OneOf = alts
	case "anyOf":
		p.AnyOf = alts
	default:
		p.AllOf = alts
	}
}

// matchesNothing reports whether s is {"not": {}}, the schema no value
// matches.
func matchesNothing(s map[string]any) bool {
	n, ok := s["not"].(map[string]any)
	return ok && len(n) == 0 && len(s) == 1
}

// exclusiveBounds reads draft 4's boolean exclusiveMinimum and
// exclusiveMaximum, which make "minimum" and "maximum" exclusive: the
// bound becomes the later drafts' numeric form, rendered "above"/"below".
func (r *schemaReader) exclusiveBounds(path string, p *Param, exclusive map[string]bool) {
	for _, k := range []string{"exclusiveMaximum", "exclusiveMinimum"} {
		on, set := exclusive[k]
		if !set || !on {
			continue
		}
		bound, ex := &p.Maximum, &p.ExclusiveMaximum
		if k == "exclusiveMinimum" {
			bound, ex = &p.Minimum, &p.ExclusiveMinimum
		}
		if *bound == nil {
			r.add(path, k, "true needs the %s it makes exclusive", map[string]string{"exclusiveMaximum": "maximum", "exclusiveMinimum": "minimum"}[k])
			continue
		}
		*ex, *bound = *bound, nil
	}
}

// schemaValue reads v where a schema stands. Besides an object, drafts 6
// and later allow a boolean schema there: true matches every value, as {}
// does, and false none, as {"not": {}} does, so each is read as that
// object and renders the same.
func schemaValue(v any) (map[string]any, bool) {
	switch x := v.(type) {
	case map[string]any:
		return x, true
	case bool:
		if x {
			return map[string]any{}, true
		}
		return map[string]any{"not": map[string]any{}}, true
	}
	return nil, false
}
