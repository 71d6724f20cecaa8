package web

import (
	"context"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAGrantGivenBackRevivesNoActivation: a session searched and loaded
// a tool, the grant was taken away (the call is refused and the tool
// leaves the list), then given back exactly as it was: the session's
// tools are as they were before the grant went, so its first search's
// receipt would be current again — but the carried step superseded it,
// so the tool is not listed and its call answers search_required until
// a new search loads it.
func TestAGrantGivenBackRevivesNoActivation(t *testing.T) {
	// the search loads a tool the grant keeps beside the one it takes
	// (the move carries one over), or only the one it takes (nothing to
	// carry)
	for _, query := range []string{"echo a text back, and store a fact in memory", "store a fact in memory"} {
		t.Run(query, func(t *testing.T) { grantGivenBack(t, query) })
	}
}

func grantGivenBack(t *testing.T, query string) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	t.Cleanup(up.Close)
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	search := func() {
		t.Helper()
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": query, "limit": 5}, nil); isErr {
			t.Fatalf("search: %s", text)
		}
	}
	listed := func() []string {
		t.Helper()
		lt, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tl := range lt.Tools {
			names = append(names, tl.Name)
		}
		return names
	}
	remember := func() (string, bool) {
		return call(t, cs, "demo.remember", map[string]any{"key": "k", "fact": "f"}, nil)
	}
	destructive := models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"}
	search()
	if text, isErr := remember(); isErr {
		t.Fatalf("after the search: %s", text)
	}
	h.changeGrants(t, authority.Everyone, false, destructive)
	if text, _ := remember(); errType(text) != "capability_revoked" {
		t.Fatalf("with the grant taken away: %s, want capability_revoked", text)
	}
	h.changeGrants(t, authority.Everyone, true, destructive)
	if names := listed(); slices.Contains(names, "demo.remember") {
		t.Errorf("the grant given back listed demo.remember again without a search: %v", names)
	}
	if text, _ := remember(); errType(text) != "search_required" {
		t.Errorf("the grant given back: %s, want search_required", text)
	}
	search()
	if text, isErr := remember(); isErr {
		t.Errorf("after a new search: %s", text)
	}
}
