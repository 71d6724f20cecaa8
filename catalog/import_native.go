package catalog

import (
	"encoding/json"
	"fmt"
)

var nativeContractKeys = []string{"id", "title", "purpose", "params", "returns", "constraints", "examples", "class", "effects", "code_only", "always_on", "signals", "search_hints", "version"}
var nativeParamKeys = []string{"name", "type", "required", "description", "title", "enum", "const", "default", "default_null", "examples", "format", "pattern",
	"minimum", "maximum", "exclusive_minimum", "exclusive_maximum", "multiple_of", "min_length", "max_length", "min_items", "max_items",
	"unique_items", "min_properties", "max_properties", "deprecated", "items", "properties", "closed", "additional_properties",
	"property_names", "requires", "one_of", "any_of", "all_of"}

func parseNative(ps *Problems, doc any) []Contract {
	var out []Contract
	eachTool(ps, doc, func(i int, m map[string]any) {
		name := toolName(m, i)
		checkKeys(ps, name, "", m, nativeContractKeys...)
		if params, ok := m["params"].([]any); ok {
			checkNativeParams(ps, name, "params", params)
		}
		if in, ok := m["input"].(map[string]any); ok {
			checkNativeParam(ps, name, "input", in)
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
		// decoded contracts are validated too, so every problem is reported
		out = append(out, c)
	})
	return out
}

// checkNativeParams reports unknown fields at every depth of a native
// parameter list: properties, items, additional properties and variants.
func checkNativeParams(ps *Problems, tool, path string, params []any) {
	for j, p := range params {
		pm, ok := p.(map[string]any)
		if !ok {
			ps.add(tool, fmt.Sprintf("%s[%d]", path, j), "must be an object")
			continue
		}
		checkNativeParam(ps, tool, fmt.Sprintf("%s.%s", path, str(pm, "name")), pm)
	}
}

func checkNativeParam(ps *Problems, tool, f string, pm map[string]any) {
	checkKeys(ps, tool, f, pm, nativeParamKeys...)
	if props, ok := pm["properties"].([]any); ok {
		checkNativeParams(ps, tool, f, props)
	}
	if it, ok := pm["items"].(map[string]any); ok {
		checkNativeParam(ps, tool, f+"[]", it)
	}
	if a, ok := pm["additional_properties"].(map[string]any); ok {
		checkNativeParam(ps, tool, f+".additional_properties", a)
	}
	if a, ok := pm["property_names"].(map[string]any); ok {
		checkNativeParam(ps, tool, f+".property_names", a)
	}
	for _, k := range []string{"one_of", "any_of", "all_of"} {
		if alts, ok := pm[k].([]any); ok {
			for i, a := range alts {
				if am, ok := a.(map[string]any); ok {
					checkNativeParam(ps, tool, fmt.Sprintf("%s.%s[%d]", f, k, i), am)
				}
			}
		}
	}
}

func jsonErrField(err error) string {
	if te, ok := err.(*json.UnmarshalTypeError); ok && te.Field != "" {
		return te.Field
	}
	return ""
}
