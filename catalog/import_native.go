package catalog

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// nativeContractKeys and nativeParamKeys are the members the console's
// own format accepts: exactly the JSON names of Contract's and Param's
// fields, read from the types, so a field added to a contract is never an
// "unknown field" when the console reads back what it wrote.
var (
	nativeContractKeys = jsonNames(reflect.TypeOf(Contract{}))
	nativeParamKeys    = jsonNames(reflect.TypeOf(Param{}))
)

// jsonNames lists the JSON member names of a struct type's fields.
func jsonNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// maxNativeToolBytes bounds one native tool before it is decoded: every
// text of a native contract renders, so a tool this large could never fit
// MaxContractBytes.
const maxNativeToolBytes = 8 * MaxContractBytes

func parseNative(ps *Problems, doc any) []Contract {
	var out []Contract
	eachTool(ps, doc, func(i int, m map[string]any) {
		name := toolName(m, i)
		checkKeys(ps, name, "", m, nativeContractKeys...)
		if params, ok := m["params"].([]any); ok {
			checkNativeParams(ps, name, "params", params)
		}
		for _, k := range []string{"input", "output"} {
			if in, ok := m[k].(map[string]any); ok {
				checkNativeParam(ps, name, k, in)
			}
		}
		if exs, ok := m["examples"].([]any); ok {
			for j, e := range exs {
				if em, ok := e.(map[string]any); ok {
					checkKeys(ps, name, fmt.Sprintf("examples[%d]", j), em, "description", "call")
				}
			}
		}
		if n := valueBytes(m, maxNativeToolBytes); n > maxNativeToolBytes {
			ps.add(name, "", "is over %d bytes; a contract holds at most %d", maxNativeToolBytes, MaxContractBytes)
			return
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
	if pre, ok := pm["prefix_items"].([]any); ok {
		for i, x := range pre {
			if xm, ok := x.(map[string]any); ok {
				checkNativeParam(ps, tool, fmt.Sprintf("%s[%d]", f, i), xm)
			}
		}
	}
	for _, k := range []string{"additional_properties", "property_names", "contains", "unevaluated_properties", "unevaluated_items", "if", "then", "else", "not", "content_schema"} {
		if a, ok := pm[k].(map[string]any); ok {
			checkNativeParam(ps, tool, f+"."+k, a)
		}
	}
	if deps, ok := pm["dependent_required"].([]any); ok {
		for i, d := range deps {
			if dm, ok := d.(map[string]any); ok {
				checkKeys(ps, tool, fmt.Sprintf("%s.dependent_required[%d]", f, i), dm, "name", "requires")
			}
		}
	}
	for _, k := range []string{"one_of", "any_of", "all_of", "pattern_properties", "dependent_schemas"} {
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
