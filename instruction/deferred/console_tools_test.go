package deferred

import (
	"encoding/json"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestClassifyConsoleTools: a call is active exactly when the step
// teaches the tool, and that holds for the console's own tools too. A
// step teaches search_tools while search can reach a tool, and load_skill
// while a skill's required tools are all active (a code-only helper
// counts while exec is). Before, load_skill, which a step with a
// qualifying skill tells the model to call, was answered unknown ("no
// tool load_skill in the catalog"), and search_tools was active even on a
// surface with nothing to search, whose steps never name it; the web
// handler special-cased search_tools by name.
func TestClassifyConsoleTools(t *testing.T) {
	skills := [][]string{{"read_file", "workspace_write"}, {"exec", "load_table"}}
	s := skillSurface(t, roster, nil, skills)
	none, _ := Reconstruct(testKey, "r", s, nil, DefaultCeilings())
	step := func(names ...string) Activation {
		a, err := Reconstruct(testKey, "r", s, [][]json.RawMessage{{raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, names))}}, DefaultCeilings())
		if err != nil || len(a.Rejected) > 0 {
			t.Fatalf("%v %+v", err, a.Rejected)
		}
		return a
	}
	onlyRead := step("read_file")
	readWrite := step("read_file", "workspace_write")
	execOnly := step("exec") // the second skill needs exec and its helper load_table
	nothingToSearch := skillSurface(t, []string{"read_file", "ask_user"}, []string{"read_file"}, skills)
	flat, _ := Reconstruct(testKey, "r", nothingToSearch, nil, DefaultCeilings())
	cases := []struct {
		name, tool, status string
		s                  *Surface
		a                  Activation
	}{
		{"search with tools to reach", instruction.SearchToolID, CallActive, s, none},
		{"search with nothing to reach", instruction.SearchToolID, CallUnknown, nothingToSearch, flat},
		{"loader, no skill qualifies", instruction.LoadSkillToolID, CallUnknown, s, none},
		{"loader, half a skill", instruction.LoadSkillToolID, CallUnknown, s, onlyRead},
		{"loader, a whole skill active", instruction.LoadSkillToolID, CallActive, s, readWrite},
		{"loader, a helper's skill with exec", instruction.LoadSkillToolID, CallActive, s, execOnly},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := Classify(testKey, "r", tc.s, tc.a, 1, tc.tool, func(string) bool { return false })
			if v.Status != tc.status {
				t.Fatalf("%s: %s (%s), want %s", tc.tool, v.Status, v.HostReason, tc.status)
			}
			if !v.Console || v.HostReason == "" || v.Receipt != nil || (v.Error == nil) != (tc.status == CallActive) {
				t.Fatalf("%s: %+v", tc.tool, v)
			}
		})
	}
	// without skills the loader is never taught
	bare := skillSurface(t, roster, nil, nil)
	a, _ := Reconstruct(testKey, "r", bare, [][]json.RawMessage{{raw(t, Mint(testKey, KindSearch, "r", bare.Key(), 0, []string{"read_file", "workspace_write"}))}}, DefaultCeilings())
	if v := Classify(testKey, "r", bare, a, 1, instruction.LoadSkillToolID, nil); v.Status != CallUnknown {
		t.Fatalf("no skills: %+v", v)
	}
	// skills choose what a step teaches, not what the run may reach
	if bare.Key() != s.Key() {
		t.Fatal("skills moved the surface key")
	}
}

func skillSurface(t *testing.T, ids, pins []string, skills [][]string) *Surface {
	t.Helper()
	cat := catalogtest.Full(t)
	var es []*catalog.Entry
	for _, id := range ids {
		e, ok := cat.Get(id)
		if !ok {
			t.Fatalf("no tool %s", id)
		}
		es = append(es, e)
	}
	s, err := NewSurface(es, SurfaceOptions{Agent: "a", Pins: pins, Skills: skills})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
