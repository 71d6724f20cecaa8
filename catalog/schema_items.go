package catalog

import "fmt"

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
		m, ok := schemaValue(x)
		if !ok {
			r.add(fmt.Sprintf("%s[%d]", path, i), "", "must be a schema object or a boolean")
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
