package instruction_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction"
)

func member(ids ...string) func(string) bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return func(id string) bool { return m[id] }
}

// TestResolveEachSetEmptyDisjointOverlapping: the intersection of
// requested ∩ delegated ∩ authorized ∩ available when each set is
// empty, when two are disjoint, and when all overlap, with the set named
// for every tool dropped.
func TestResolveEachSetEmptyDisjointOverlapping(t *testing.T) {
	all := []string{"a", "b", "c", "d"}
	full := member(all...)
	tests := []struct {
		name    string
		s       instruction.Sets
		want    []string
		dropSet map[string]string
	}{
		{"all full", instruction.Sets{Declared: all, Authorized: full, Available: full}, all, map[string]string{}},
		{"requested empty", instruction.Sets{Declared: all, Requested: []string{}, Authorized: full, Available: full}, nil,
			map[string]string{"a": instruction.SetRequested, "b": instruction.SetRequested, "c": instruction.SetRequested, "d": instruction.SetRequested}},
		{"delegated empty (an empty profile)", instruction.Sets{Declared: all, Profile: []string{}, Authorized: full, Available: full}, nil,
			map[string]string{"a": instruction.SetDelegated, "b": instruction.SetDelegated, "c": instruction.SetDelegated, "d": instruction.SetDelegated}},
		{"delegated empty (nothing declared)", instruction.Sets{Declared: []string{}, Requested: all, Authorized: full, Available: full}, nil,
			map[string]string{"a": instruction.SetDelegated, "b": instruction.SetDelegated, "c": instruction.SetDelegated, "d": instruction.SetDelegated}},
		{"authorized empty", instruction.Sets{Declared: all, Authorized: member(), Available: full}, nil,
			map[string]string{"a": instruction.SetAuthorized, "b": instruction.SetAuthorized, "c": instruction.SetAuthorized, "d": instruction.SetAuthorized}},
		{"available empty", instruction.Sets{Declared: all, Authorized: full, Available: member()}, nil,
			map[string]string{"a": instruction.SetAvailable, "b": instruction.SetAvailable, "c": instruction.SetAvailable, "d": instruction.SetAvailable}},
		{"disjoint delegated and authorized", instruction.Sets{Declared: all, Profile: []string{"a", "b"}, Authorized: member("c", "d"), Available: full}, nil,
			map[string]string{"a": instruction.SetAuthorized, "b": instruction.SetAuthorized, "c": instruction.SetDelegated, "d": instruction.SetDelegated}},
		{"disjoint requested and available", instruction.Sets{Declared: all, Requested: []string{"a"}, Authorized: full, Available: member("b", "c", "d")}, nil,
			map[string]string{"a": instruction.SetAvailable, "b": instruction.SetRequested, "c": instruction.SetRequested, "d": instruction.SetRequested}},
		{"overlapping", instruction.Sets{Declared: all, Requested: []string{"a", "b", "c"}, Profile: []string{"a", "b", "d"}, Authorized: member("a", "c", "d"), Available: full}, []string{"a"},
			map[string]string{"b": instruction.SetAuthorized, "c": instruction.SetDelegated, "d": instruction.SetRequested}},
		{"profile order kept", instruction.Sets{Declared: all, Profile: []string{"d", "a", "c"}, Available: full}, []string{"d", "a", "c"},
			map[string]string{"b": instruction.SetDelegated}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, dropped := instruction.Resolve(tt.s)
			if !slices.Equal(got, tt.want) {
				t.Errorf("effective = %v, want %v", got, tt.want)
			}
			gotDrop := map[string]string{}
			for _, d := range dropped {
				gotDrop[d.ID] = d.Set
			}
			if !reflect.DeepEqual(gotDrop, tt.dropSet) {
				t.Errorf("dropped = %v, want %v", gotDrop, tt.dropSet)
			}
		})
	}
}

// TestResolveProperty compares Resolve with the seed's reference model,
// requested & delegated & authorized & available, on random sets: the
// roster is exactly the intersection, in profile (else declared) order;
// every other tool named anywhere is dropped once, by a set that lacks it.
func TestResolveProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 14))
	universe := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	randList := func() []string {
		l := slices.Clone(universe)
		r.Shuffle(len(l), func(a, b int) { l[a], l[b] = l[b], l[a] })
		return l[:r.IntN(len(l)+1)]
	}
	for i := 0; i < 3000; i++ {
		s := instruction.Sets{Declared: randList(), Authorized: member(randList()...), Available: member(randList()...)}
		if r.IntN(3) > 0 {
			s.Profile = randList()
		}
		if r.IntN(3) > 0 {
			s.Requested = randList()
		}
		if r.IntN(4) == 0 {
			s.Without = randList()[:r.IntN(2)]
		}
		got, dropped := instruction.Resolve(s)
		// reference model
		in := func(id string) map[string]bool {
			requested := (s.Requested == nil || slices.Contains(s.Requested, id)) && !slices.Contains(s.Without, id)
			delegated := slices.Contains(s.Declared, id) && (s.Profile == nil || slices.Contains(s.Profile, id))
			return map[string]bool{instruction.SetRequested: requested, instruction.SetDelegated: delegated,
				instruction.SetAuthorized: s.Authorized(id), instruction.SetAvailable: s.Available(id)}
		}
		order := s.Declared
		if s.Profile != nil {
			order = s.Profile
		}
		var want []string
		for _, id := range order {
			m := in(id)
			if m[instruction.SetRequested] && m[instruction.SetDelegated] && m[instruction.SetAuthorized] && m[instruction.SetAvailable] && !slices.Contains(want, id) {
				want = append(want, id)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("case %d %+v: effective %v, reference %v", i, s, got, want)
		}
		named := map[string]bool{}
		for _, l := range [][]string{s.Profile, s.Declared, s.Requested, s.Without} {
			for _, id := range l {
				named[id] = true
			}
		}
		seen := map[string]bool{}
		for _, d := range dropped {
			if seen[d.ID] || slices.Contains(got, d.ID) || in(d.ID)[d.Set] {
				t.Fatalf("case %d: %s dropped by %s (twice %v, in roster %v, the set has it %v)", i, d.ID, d.Set, seen[d.ID], slices.Contains(got, d.ID), in(d.ID)[d.Set])
			}
			seen[d.ID] = true
		}
		for id := range named {
			if !seen[id] && !slices.Contains(got, id) {
				t.Fatalf("case %d: %s is neither in the roster nor dropped", i, id)
			}
		}
	}
}
