package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// splitTools reads a JSON tool list whose whole document a ceiling or rule
// refused (a text over the ceiling, nesting too deep, a duplicate key)
// tool by tool: one tool over a ceiling is that tool's fault, so it is
// refused alone and the others are read. list holds each tool as read,
// or, for a refused one, an object with only its name (what the ledger
// can name it by); refused holds each refused tool's problems by index.
// ok is false when the document cannot be split (not JSON, no tool list,
// or the fault outside every tool): the whole document's error stands.
func splitTools(ctx context.Context, data []byte) (list []any, refused map[int]Problems, ok bool) {
	raws, ok := rawToolList(data)
	if !ok {
		return nil, nil, false
	}
	if len(raws) > MaxTools {
		return make([]any, len(raws)), nil, true // capped by the caller
	}
	refused = map[int]Problems{}
	list = make([]any, len(raws))
	for i, raw := range raws {
		v, err := ReadJSON(ctx, raw, ImportLimits)
		var de *DocumentError
		if err == nil {
			list[i] = v
			continue
		}
		if !errors.As(err, &de) || de.Rule == "cancelled" {
			return nil, nil, false
		}
		name := rawToolName(raw)
		at := name
		if at == "" {
			at = fmt.Sprintf("#%d", i+1)
		}
		var ps Problems
		ps.add(at, rawToolField(ctx, raw), "%s; the tool cannot be read, so it is not imported", de.Message)
		refused[i], list[i] = ps, map[string]any{}
		if name != "" {
			list[i] = map[string]any{"name": name}
		}
	}
	if len(refused) == 0 {
		return nil, nil, false // the fault is outside the tools
	}
	return list, refused, true
}

// rawToolList is a JSON document's tool list, each tool's text as sent:
// a list of tools, or an object with a "tools" list (or a JSON-RPC
// answer whose result has one).
func rawToolList(data []byte) ([]json.RawMessage, bool) {
	if !looksJSON(data) {
		return nil, false
	}
	var l []json.RawMessage
	if json.Unmarshal(data, &l) == nil {
		return l, true
	}
	var top struct {
		Result *struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
		Tools []json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(data, &top) != nil {
		return nil, false
	}
	if top.Result != nil && top.Result.Tools != nil {
		return top.Result.Tools, true
	}
	return top.Tools, top.Tools != nil
}

// rawToolName is the name a tool's text gives it (MCP's name, or an
// OpenAI function's), "" when it gives none that reads.
func rawToolName(raw json.RawMessage) string {
	var t struct {
		Name     any `json:"name"`
		Function struct {
			Name any `json:"name"`
		} `json:"function"`
	}
	_ = json.Unmarshal(raw, &t)
	for _, n := range []any{t.Name, t.Function.Name} {
		if s, ok := n.(string); ok && s != "" && len(s) <= 4*MaxToolNameLength {
			return s
		}
	}
	return ""
}

// rawToolField names the member of a tool's text that the document's
// ceilings refuse (description, inputSchema…), "" when none alone is.
func rawToolField(ctx context.Context, raw json.RawMessage) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		one, _ := json.Marshal(map[string]json.RawMessage{k: m[k]})
		if _, err := ReadJSON(ctx, one, ImportLimits); err != nil {
			if k == "function" {
				if f := rawToolField(ctx, m[k]); f != "" {
					return "function." + f
				}
			}
			return k
		}
	}
	return ""
}
