package web

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
)

// TestOpenAPINextActionsAreTheTokens: every next_actions the OpenAPI
// document describes is an array of the tokens authority.NextActions
// lists, as an enumeration, so a runtime generated from the document
// knows each token and a new token cannot be left out of it.
func TestOpenAPINextActionsAreTheTokens(t *testing.T) {
	found := 0
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "next_actions" {
					found++
					s, _ := e.(map[string]any)
					items, _ := s["items"].(map[string]any)
					var enum []string
					vs, _ := items["enum"].([]any)
					for _, v := range vs {
						s, _ := v.(string)
						enum = append(enum, s)
					}
					if s["type"] != "array" || !slices.Equal(enum, authority.NextActions) {
						t.Errorf("%s.next_actions = %v, want an array of the enumeration %v", path, e, authority.NextActions)
					}
					continue
				}
				walk(path+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(path+"[]", e)
			}
		}
	}
	b, err := json.Marshal(servedOpenAPI(deferred.DefaultCeilings()))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	walk("", doc)
	if found < 2 {
		t.Errorf("found %d next_actions in the document, want the decision's and the run call's", found)
	}
}
