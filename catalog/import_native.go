package catalog

import (
	"encoding/json"
	"fmt"
)

var nativeContractKeys = []string{"id", "title", "purpose", "params", "returns", "constraints", "examples", "class", "effects", "code_only", "always_on", "signals", "version"}
var nativeParamKeys = []string{"name", "type", "required", "description", "enum", "default", "format", "minimum", "maximum", "min_length", "max_length", "min_items", "max_items", "pattern", "items", "properties"}

func parseNative(ps *Problems, doc any) []Contract {
	var out []Contract
	eachTool(ps, doc, func(i int, m map[string]any) {
		name := toolName(m, i)
		before := len(*ps)
		checkKeys(ps, name, "", m, nativeContractKeys...)
		if params, ok := m["params"].([]any); ok {
			checkNativeParams(ps, name, "params", params)
		}
		if exs, ok := m["examples"].([]any); ok {
			for j, e := range exs {
				if em, ok := e.(map[string]any); ok {
					checkKeys(ps, name, fmt.Sprintf("examples[%d]", j), em, "description", "call")
				}
			}
		}
		b, _ := json.Marshal(m)
		var c Contract
		if err := json.Unmarshal(b, &c); err != nil {
			ps.add(name, jsonErrField(err), "has the wrong type: %v", err)
			return
		}
		if len(*ps) == before {
			out = append(out, c)
		}
	})
	return out
}

func checkNativeParams(ps *Problems, tool, path string, params []any) {
	for j, p := range params {
		pm, ok := p.(map[string]any)
		if !ok {
			ps.add(tool, fmt.Sprintf("%s[%d]", path, j), "must be an object")
			continue
		}
		f := fmt.Sprintf("%s.%s", path, str(pm, "name"))
		checkKeys(ps, tool, f, pm, nativeParamKeys...)
		if props, ok := pm["properties"].([]any); ok {
			checkNativeParams(ps, tool, f, props)
		}
		if it, ok := pm["items"].(map[string]any); ok {
			checkKeys(ps, tool, f+"[]", it, nativeParamKeys...)
		}
	}
}

func jsonErrField(err error) string {
	if te, ok := err.(*json.UnmarshalTypeError); ok && te.Field != "" {
		return te.Field
	}
	return ""
}
