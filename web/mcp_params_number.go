package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// unreadableParams says why params, a JSON object, cannot be read as
// one: the pointer of the first number no float64 holds (1e400), else
// that they are not a JSON object.
func unreadableParams(params json.RawMessage) string {
	d := json.NewDecoder(bytes.NewReader(params))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return "params must be a JSON object"
	}
	if path, n := hugeNumber("params", v); path != "" {
		if len(n) > 40 {
			n = n[:40] + "…"
		}
		return fmt.Sprintf("%s is a number out of range (%s): send a number a 64-bit float holds, or a string", path, n)
	}
	return "params must be a JSON object"
}

// hugeNumber is the path (dotted members, [i] items, members in order)
// and text of the first number under v that no float64 holds; "" when
// none.
func hugeNumber(path string, v any) (string, string) {
	switch x := v.(type) {
	case json.Number:
		if _, err := strconv.ParseFloat(string(x), 64); err != nil {
			return path, string(x)
		}
	case []any:
		for i, e := range x {
			if p, n := hugeNumber(fmt.Sprintf("%s[%d]", path, i), e); p != "" {
				return p, n
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, n := hugeNumber(path+"."+k, x[k]); p != "" {
				return p, n
			}
		}
	}
	return "", ""
}
