package catalog

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// HintsLimits bound a hints file: a few hints for each of a catalog's tools.
var HintsLimits = DocumentLimits{Bytes: 1 << 20, Depth: 8, Values: 50_000, Marks: 100_000, Text: 64 << 10}

// ParseSearchHints reads a reviewed hints file: a YAML or JSON object from
// tool id to its search hints.
func ParseSearchHints(data []byte) (map[string][]string, error) {
	doc, err := ReadDocument(context.Background(), data, HintsLimits)
	if err != nil {
		return nil, fmt.Errorf("search hints: %w", err)
	}
	top, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("search hints: the file must be a mapping from tool id to a list of hints")
	}
	m := make(map[string][]string, len(top))
	for id, v := range top {
		l, ok := v.([]any)
		if !ok && v != nil {
			return nil, fmt.Errorf("search hints: %s: must be a list of hints", id)
		}
		hs := make([]string, 0, len(l))
		for i, h := range l {
			s, ok := h.(string)
			if !ok {
				return nil, fmt.Errorf("search hints: %s[%d]: must be text", id, i)
			}
			hs = append(hs, s)
		}
		m[id] = hs
	}
	return m, nil
}

// ApplySearchHints returns a copy of the contracts with the hints set as
// each named tool's SearchHints (replacing any it had). A hint for a tool
// that is not there, or a hint out of bounds, is a problem and nothing is
// applied. Hints change the contract, and so its digest: they are reviewed
// like any contract change.
func ApplySearchHints(cs []Contract, hints map[string][]string) ([]Contract, error) {
	var ps Problems
	byID := make(map[string]int, len(cs))
	for i, c := range cs {
		byID[c.ID] = i
	}
	ids := make([]string, 0, len(hints))
	for id := range hints {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := append([]Contract(nil), cs...)
	for _, id := range ids {
		i, ok := byID[id]
		if !ok {
			ps.add(id, "search_hints", "names no tool of the catalog")
			continue
		}
		out[i].SearchHints = append([]string(nil), hints[id]...)
		checkSearchHints(&ps, id, out[i].SearchHints)
	}
	if len(ps) > 0 {
		return nil, ps
	}
	return out, nil
}

// NormalizeSearchHints trims each hint, drops empty ones and repeats
// (case-insensitively, the first spelling kept) and checks the result
// against the hint ceilings; problems name the tool.
func NormalizeSearchHints(id string, hints []string) ([]string, error) {
	out := make([]string, 0, len(hints))
	seen := make(map[string]bool, len(hints))
	for _, h := range hints {
		h = strings.Join(strings.Fields(h), " ")
		if h == "" || seen[strings.ToLower(h)] {
			continue
		}
		seen[strings.ToLower(h)] = true
		out = append(out, h)
	}
	var ps Problems
	checkSearchHints(&ps, id, out)
	if len(ps) > 0 {
		return nil, ps
	}
	return out, nil
}
