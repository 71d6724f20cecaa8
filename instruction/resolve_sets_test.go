package instruction_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
)

// TestResolveMatchesTheSets holds Resolve to the sets it is defined by,
// written out with a set per list: over random lists of a small pool of
// ids (repeats, empty ids, ids of two services, nil and empty lists) with
// random availability, authorization and connections, the same roster in
// the same order and the same dropped tools with the same sets and
// reasons.
func TestResolveMatchesTheSets(t *testing.T) {
	pool := []string{"", "exec", "read_file", "web_search", "workspace_write", "github.get_me", "github.list_issues", "slack.post", "render_chart", "ask_user"}
	rng := rand.New(rand.NewPCG(3, 4))
	list := func() []string {
		switch rng.IntN(5) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		var out []string
		for range rng.IntN(12) {
			out = append(out, pool[rng.IntN(len(pool))])
		}
		return out
	}
	test := func() func(string) bool {
		if rng.IntN(3) == 0 {
			return nil
		}
		in := map[string]bool{}
		for _, id := range pool {
			in[id] = rng.IntN(4) > 0
		}
		in["github"], in["slack"] = rng.IntN(2) == 0, rng.IntN(2) == 0
		return func(id string) bool { return in[id] }
	}
	for i := range 20000 {
		s := instruction.Sets{Declared: list(), Profile: list(), Requested: list(), Without: list(), Authorized: test(), Available: test(), Connected: test()}
		if rng.IntN(2) == 0 {
			s.Unavailable = func(id string) string {
				if strings.HasPrefix(id, "web") {
					return "back in review"
				}
				return ""
			}
		}
		roster, dropped := instruction.Resolve(s)
		wantRoster, wantDropped := resolveBySets(s)
		if !slices.Equal(roster, wantRoster) || !reflect.DeepEqual(dropped, wantDropped) {
			t.Fatalf("case %d %+v:\n got %v %v\nwant %v %v", i, s, roster, dropped, wantRoster, wantDropped)
		}
	}
}

// resolveBySets is Resolve as written with a set per list.
func resolveBySets(s instruction.Sets) (roster []string, dropped []instruction.Dropped) {
	set := func(ids []string) map[string]bool {
		m := map[string]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return m
	}
	declared, inProfile, requested, without, seen := set(s.Declared), set(s.Profile), set(s.Requested), set(s.Without), map[string]bool{}
	namespace := func(id string) string {
		ns, _, ok := strings.Cut(id, ".")
		if !ok {
			return ""
		}
		return ns
	}
	for _, id := range slices.Concat(s.Profile, s.Declared, s.Requested, s.Without) {
		if seen[id] || id == "" {
			continue
		}
		seen[id] = true
		drop := func(set, reason string) {
			dropped = append(dropped, instruction.Dropped{ID: id, Set: set, Reason: reason})
		}
		switch {
		case !declared[id]:
			drop(instruction.SetDelegated, instruction.ReasonNotDeclared)
		case s.Profile != nil && !inProfile[id]:
			drop(instruction.SetDelegated, instruction.ReasonNotInProfile)
		case without[id]:
			drop(instruction.SetRequested, instruction.ReasonWithout)
		case s.Requested != nil && !requested[id]:
			drop(instruction.SetRequested, instruction.ReasonNotRequested)
		case s.Available == nil || !s.Available(id):
			why := instruction.ReasonNotAvailable
			if s.Unavailable != nil && s.Unavailable(id) != "" {
				why = s.Unavailable(id)
			}
			drop(instruction.SetAvailable, why)
		case s.Authorized != nil && !s.Authorized(id):
			drop(instruction.SetAuthorized, instruction.ReasonNotAuthorized)
		case s.Connected != nil && namespace(id) != "" && !s.Connected(namespace(id)):
			drop(instruction.SetAvailable, "its service "+namespace(id)+" is not connected")
		default:
			roster = append(roster, id)
		}
	}
	return roster, dropped
}
