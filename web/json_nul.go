package web

import (
	"bytes"
	"encoding/json"
	"strings"
)

// nulField names the field of a JSON body whose string value (or key)
// holds a NUL: object keys joined by dots, array positions left out
// ("subject.groups"); "" when the body is not JSON or holds none. It runs
// only on a body already refused, so tokens' cost does not matter.
func nulField(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		object  bool
		key     string
		wantKey bool
	}
	var stack []frame
	path := func(last string) string {
		var parts []string
		for _, f := range stack {
			if f.object && f.key != "" {
				parts = append(parts, f.key)
			}
		}
		if last != "" {
			parts = append(parts, last)
		}
		return strings.Join(parts, ".")
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		top := len(stack) - 1
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, frame{object: true, wantKey: true})
			case '[':
				stack = append(stack, frame{})
			default:
				stack = stack[:top]
				if top > 0 && stack[top-1].object {
					stack[top-1].wantKey = true
				}
			}
			continue
		case string:
			if top >= 0 && stack[top].object && stack[top].wantKey {
				if strings.IndexByte(v, 0) >= 0 {
					return path("")
				}
				stack[top].key, stack[top].wantKey = v, false
				continue
			}
			if strings.IndexByte(v, 0) >= 0 {
				return path("")
			}
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = true
		}
	}
}
