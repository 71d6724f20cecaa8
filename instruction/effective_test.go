package instruction_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/instruction"
)

func TestResolveNamesTheSetThatDropped(t *testing.T) {
	only := func(ids ...string) func(string) bool {
		m := map[string]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return func(id string) bool { return m[id] }
	}
	cases := []struct {
		name    string
		sets    instruction.Sets
		roster  []string
		dropped []instruction.Dropped
	}{
		{"everything passes", instruction.Sets{Declared: []string{"a", "b"}, Available: only("a", "b")}, []string{"a", "b"}, nil},
		{"requested but not declared", instruction.Sets{Declared: []string{"a"}, Requested: []string{"a", "z"}, Available: only("a", "z")},
			[]string{"a"}, []instruction.Dropped{{ID: "z", Set: instruction.SetDelegated, Reason: instruction.ReasonNotDeclared}}},
		{"declared but not in the profile", instruction.Sets{Declared: []string{"a", "b"}, Profile: []string{"b"}, Available: only("a", "b")},
			[]string{"b"}, []instruction.Dropped{{ID: "a", Set: instruction.SetDelegated, Reason: instruction.ReasonNotInProfile}}},
		{"without", instruction.Sets{Declared: []string{"a", "b"}, Without: []string{"a"}, Available: only("a", "b")},
			[]string{"b"}, []instruction.Dropped{{ID: "a", Set: instruction.SetRequested, Reason: instruction.ReasonWithout}}},
		{"not authorized", instruction.Sets{Declared: []string{"a", "b"}, Authorized: only("b"), Available: only("a", "b")},
			[]string{"b"}, []instruction.Dropped{{ID: "a", Set: instruction.SetAuthorized, Reason: instruction.ReasonNotAuthorized}}},
		{"empty authorized stays empty", instruction.Sets{Declared: []string{"a"}, Authorized: only(), Available: only("a")},
			nil, []instruction.Dropped{{ID: "a", Set: instruction.SetAuthorized, Reason: instruction.ReasonNotAuthorized}}},
		{"not available", instruction.Sets{Declared: []string{"a", "b"}, Available: only("b")},
			[]string{"b"}, []instruction.Dropped{{ID: "a", Set: instruction.SetAvailable, Reason: instruction.ReasonNotAvailable}}},
		{"service not connected", instruction.Sets{Declared: []string{"gh.x", "b"}, Available: only("gh.x", "b"), Connected: only("slack")},
			[]string{"b"}, []instruction.Dropped{{ID: "gh.x", Set: instruction.SetAvailable, Reason: "its service gh is not connected"}}},
		{"empty request stays empty", instruction.Sets{Declared: []string{"a"}, Requested: []string{}, Available: only("a")},
			nil, []instruction.Dropped{{ID: "a", Set: instruction.SetRequested, Reason: instruction.ReasonNotRequested}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			roster, dropped := instruction.Resolve(tc.sets)
			if !reflect.DeepEqual(roster, tc.roster) || !reflect.DeepEqual(dropped, tc.dropped) {
				t.Errorf("got %v %v, want %v %v", roster, dropped, tc.roster, tc.dropped)
			}
		})
	}
}
