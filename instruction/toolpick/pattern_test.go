package toolpick

import (
	"strings"
	"testing"
)

// TestAPatternIsNotAnUnknownID: "github.*" typed into a list of tool ids
// (an agent's declared tools, a profile's tools, a skill's required
// tools) was refused as an unknown tool id, as if it were a misspelt
// name. It is a pattern, which these lists do not take: the refusal says
// so, and the accepted form, with one of that service's tools as the
// example when the catalog has one.
func TestAPatternIsNotAnUnknownID(t *testing.T) {
	for _, c := range []struct{ id, want string }{
		{"github.*", `"github.*" is a pattern, not a tool id: list the tool ids one by one (as github.create_issue)`},
		{"nosuch.*", `"nosuch.*" is a pattern, not a tool id: list the tool ids one by one`},
		{"*", `"*" is a pattern, not a tool id: list the tool ids one by one`},
	} {
		ps := Check([]string{"ask_user", c.id}, known, "")
		if len(ps) != 1 || ps[0].String() != c.want || strings.Contains(ps[0].String(), "unknown") {
			t.Errorf("%s: %v, want %q", c.id, ps, c.want)
		}
	}
	if got := PatternMessage("github.*", "tool id", known); got != `"github.*" is a pattern, not a tool id: list the tool ids one by one (as github.create_issue)` {
		t.Errorf("PatternMessage: %q", got)
	}
}
