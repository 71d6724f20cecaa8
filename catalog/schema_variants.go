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
		r.add(path, k, "must be a list of at least one schema object")
		return
	}
	var alts []Param
	never := 0
	for i, a := range l {
		at := fmt.Sprintf("%s.%s[%d]", path, k, i)
		m, ok := a.(map[string]any)
		if !ok {
			r.add(at, "", "must be a schema object")
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

// arrayItems reads the item keywords of an array schema together, since
// each one's meaning depends on the others: "items" as one schema (every
// item), a tuple ("prefixItems", or draft 7's list-valued "items") with
// the schema of the items after it ("items" after prefixItems, draft 7's
// "additionalItems") or false for none.
func (r *schemaReader) arrayItems(path string, s map[string]any, p *Param) {
	items, hasItems := s["items"]
	prefix, hasPrefix := s["prefixItems"]
	extra, hasExtra := s["additionalItems"]
	var tuple []any
	restKey, rest, hasRest := "items", items, hasItems
	switch list, isList := items.([]any); {
	case hasPrefix:
		l, ok := prefix.([]any)
		switch {
		case !ok || len(l) == 0:
			r.add(path, "prefixItems", "must be a non-empty list of schema objects")
			return
		case isList:
			r.add(path, "items", "cannot be a list beside prefixItems")
			return
		case hasExtra:
			r.add(path, "additionalItems", "belongs to draft 7's list-valued items; beside prefixItems, \"items\" says what follows")
			return
		}
		tuple = l
	case isList:
		if len(list) == 0 {
			r.add(path, "items", "must not be an empty list")
			return
		}
		tuple = list
		restKey, rest, hasRest = "additionalItems", extra, hasExtra
	case hasExtra:
		r.add(path, "additionalItems", "applies only beside a list of items")
		return
	}
	for i, x := range tuple {
		m, ok := x.(map[string]any)
		if !ok {
			r.add(fmt.Sprintf("%s[%d]", path, i), "", "must be a schema object")
			continue
		}
		p.PrefixItems = append(p.PrefixItems, r.read(fmt.Sprintf("%s[%d]", path, i), "", m, nil, false))
	}
	if !hasRest {
		return
	}
	switch x := rest.(type) {
	case map[string]any:
		item := r.read(path+"[]", "", x, nil, false)
		p.Items = &item
	case bool:
		switch {
		case !x && tuple != nil:
			p.ClosedItems = true
		case !x:
			r.add(path, restKey, "false without a tuple allows only an empty array; the renderings cannot show it")
		}
		// true: any further item, as without the keyword
	default:
		r.add(path, restKey, "must be a schema object or a boolean")
	}
}
