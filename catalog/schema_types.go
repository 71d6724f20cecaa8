package catalog

import "strings"

// types reads "type" as a string or a list of strings.
func (r *schemaReader) types(path string, v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		parts := make([]string, 0, len(t))
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				r.add(path, "type", "must be a string or a list of strings")
				return "invalid"
			}
			parts = append(parts, s)
		}
		if len(parts) == 0 {
			r.add(path, "type", "is an empty list")
			return "invalid"
		}
		return strings.Join(parts, "|")
	}
	r.add(path, "type", "must be a string or a list of strings")
	return "invalid"
}
