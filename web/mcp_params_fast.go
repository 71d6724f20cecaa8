package web

import (
	"encoding/json"
	"strconv"
)

// checkParamsRaw is checkParams for a params object without a number no
// float64 holds, read one level deep (each member kept as its JSON text)
// instead of decoded whole into maps: the same answer for every such
// params (TestCheckParamsRawAnswersAsTheDecoder), a tenth of the
// allocations. ok false: params is another shape, checkParams decides.
func checkParamsRaw(method string, params json.RawMessage) (msg string, ok bool) {
	if len(params) == 0 || params[0] != '{' || hugeNumberIn(params) {
		return "", false
	}
	var p map[string]json.RawMessage
	if json.Unmarshal(params, &p) != nil || p == nil {
		return "", false
	}
	switch method {
	case "tools/call":
		if _, ok := p["name"]; !ok {
			return "params.name is required for " + method, true
		}
	case "resources/read":
		if _, ok := p["uri"]; !ok {
			return "params.uri is required for " + method, true
		}
	}
	switch method {
	case "tools/list", "resources/list", "resources/templates/list":
		if c, ok := p["cursor"]; ok && string(c) != "null" && string(c) != `""` {
			return "params.cursor: this gateway gives every item on one page and hands out no cursor; list again without one", true
		}
	}
	for name, raw := range p {
		t, ok := paramTypes[name]
		if !ok || (name == "name" && method != "tools/call") {
			continue
		}
		if msg := wrongType("params."+name, t, rawKind(raw)); msg != "" {
			return msg, true
		}
	}
	return "", true
}

// paramTypes are the JSON types of the params members the gateway reads.
var paramTypes = map[string]string{"name": "string", "uri": "string", "cursor": "string", "arguments": "object", "_meta": "object"}

// rawKind is a value of the Go type encoding/json decodes raw's JSON
// type into (what wrongType tells apart), without decoding raw.
func rawKind(raw json.RawMessage) any {
	switch {
	case len(raw) == 0:
		return false
	case raw[0] == '"':
		return ""
	case raw[0] == '{':
		return map[string]any(nil)
	case raw[0] == '[':
		return []any(nil)
	case raw[0] == 'n':
		return nil
	case raw[0] == 't' || raw[0] == 'f':
		return false
	}
	return float64(0)
}

// hugeNumberIn reports whether data holds a number no float64 holds
// (only a number with an exponent, or of more than 300 digits, can be
// one: those are parsed).
func hugeNumberIn(data []byte) bool {
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '"' {
			i = stringEnd(data, i)
			continue
		}
		if c != '-' && (c < '0' || c > '9') {
			continue
		}
		j, exp := i, false
		for j < len(data) && (data[j] == '-' || data[j] == '+' || data[j] == '.' || data[j] == 'e' || data[j] == 'E' || (data[j] >= '0' && data[j] <= '9')) {
			exp = exp || data[j] == 'e' || data[j] == 'E'
			j++
		}
		if exp || j-i > 300 {
			if _, err := strconv.ParseFloat(string(data[i:j]), 64); err != nil {
				return true
			}
		}
		i = j - 1
	}
	return false
}
