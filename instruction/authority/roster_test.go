package authority

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func set(ids ...string) map[string]bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func TestIntersectTable(t *testing.T) {
	all := []string{"a", "b", "c", "d"}
	full := set(all...)
	tests := []struct {
		name    string
		s       Sets
		want    []string
		dropSet map[string]string
	}{
		{"all full", Sets{all, nil, full, full, full}, all, map[string]string{}},
		{"requested empty", Sets{all, set(), full, full, full}, nil, map[string]string{"a": SetRequested, "b": SetRequested, "c": SetRequested, "d": SetRequested}},
		{"delegated empty", Sets{all, nil, set(), full, full}, nil, map[string]string{"a": SetDelegated, "b": SetDelegated, "c": SetDelegated, "d": SetDelegated}},
		{"authorized empty", Sets{all, nil, full, set(), full}, nil, map[string]string{"a": SetAuthorized, "b": SetAuthorized, "c": SetAuthorized, "d": SetAuthorized}},
		{"available empty", Sets{all, nil, full, full, set()}, nil, map[string]string{"a": SetAvailable, "b": SetAvailable, "c": SetAvailable, "d": SetAvailable}},
		{"disjoint delegated and authorized", Sets{all, nil, set("a", "b"), set("c", "d"), full}, nil,
			map[string]string{"a": SetAuthorized, "b": SetAuthorized, "c": SetDelegated, "d": SetDelegated}},
		{"disjoint requested and available", Sets{all, set("a"), full, full, set("b", "c", "d")}, nil,
			map[string]string{"a": SetAvailable, "b": SetRequested, "c": SetRequested, "d": SetRequested}},
		{"overlapping", Sets{all, set("a", "b", "c"), set("a", "b", "d"), set("a", "c", "d"), set("a", "b", "c", "d")}, []string{"a"},
			map[string]string{"b": SetAuthorized, "c": SetDelegated, "d": SetRequested}},
		{"candidate order kept", Sets{[]string{"d", "a", "c"}, nil, full, full, full}, []string{"d", "a", "c"}, map[string]string{}},
		{"duplicates considered once", Sets{[]string{"a", "a", "b"}, nil, full, set("b"), full}, []string{"b"}, map[string]string{"a": SetAuthorized}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, dropped := Intersect(tt.s)
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

// TestIntersectProperty compares Intersect with the seed's reference
// model, requested & delegated & authorized & available, on random sets:
// the roster is exactly the intersection, in candidate order, and every
// other candidate is dropped naming exactly the sets that lack it.
func TestIntersectProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 14))
	universe := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	randSet := func() map[string]bool {
		m := map[string]bool{}
		for _, id := range universe {
			if r.IntN(3) > 0 {
				m[id] = true
			}
		}
		return m
	}
	for i := 0; i < 2000; i++ {
		cands := slices.Clone(universe)
		r.Shuffle(len(cands), func(a, b int) { cands[a], cands[b] = cands[b], cands[a] })
		cands = cands[:r.IntN(len(cands)+1)]
		s := Sets{Candidates: cands, Delegated: randSet(), Authorized: randSet(), Available: randSet()}
		if r.IntN(4) > 0 {
			s.Requested = randSet()
		}
		got, dropped := Intersect(s)
		// reference model
		var want []string
		wantMissing := map[string][]string{}
		for _, id := range cands {
			in := map[string]bool{SetRequested: s.Requested == nil || s.Requested[id], SetDelegated: s.Delegated[id], SetAuthorized: s.Authorized[id], SetAvailable: s.Available[id]}
			if in[SetRequested] && in[SetDelegated] && in[SetAuthorized] && in[SetAvailable] {
				want = append(want, id)
				continue
			}
			for _, name := range SetOrder {
				if !in[name] {
					wantMissing[id] = append(wantMissing[id], name)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: effective %v, reference %v", i, got, want)
		}
		gotMissing := map[string][]string{}
		for _, d := range dropped {
			if d.Set != d.Missing[0] {
				t.Fatalf("case %d: %s dropped by %s but first missing set is %s", i, d.ID, d.Set, d.Missing[0])
			}
			gotMissing[d.ID] = d.Missing
		}
		if !reflect.DeepEqual(gotMissing, wantMissing) {
			t.Fatalf("case %d: dropped %v, reference %v", i, gotMissing, wantMissing)
		}
	}
}

func TestAuthorized(t *testing.T) {
	tools := []Tool{
		{ID: "read_file", Effects: "read-only"},
		{ID: "exec", Effects: "destructive"},
		{ID: "github.get_issue", Effects: "read-only"},
		{ID: "github.create_issue", Effects: "external-write"},
	}
	grants := []Grant{
		{Group: "contractors", Kind: KindEffects, Value: "read-only"},
		{Group: "contractors", Kind: KindTool, Value: "exec", RequiresApproval: true},
		{Group: "staff", Kind: KindService, Value: "github"},
		{Group: "staff", Kind: KindTool, Value: "exec"},
	}
	tests := []struct {
		groups   []string
		want     []string
		approval []string
	}{
		{nil, nil, nil},
		{[]string{"nobody"}, nil, nil},
		{[]string{"contractors"}, []string{"exec", "github.get_issue", "read_file"}, []string{"exec"}},
		{[]string{"staff"}, []string{"exec", "github.create_issue", "github.get_issue"}, nil},
		// a grant without approval wins over one with it
		{[]string{"contractors", "staff"}, []string{"exec", "github.create_issue", "github.get_issue", "read_file"}, nil},
	}
	for _, tt := range tests {
		got := Authorized(tt.groups, grants, tools)
		var ids, appr []string
		for id, a := range got {
			ids = append(ids, id)
			if a.RequiresApproval {
				appr = append(appr, id)
			}
		}
		slices.Sort(ids)
		slices.Sort(appr)
		if !slices.Equal(ids, tt.want) || !slices.Equal(appr, tt.approval) {
			t.Errorf("groups %v: authorized %v (approval %v), want %v (approval %v)", tt.groups, ids, appr, tt.want, tt.approval)
		}
	}
	if g := GroupsOf(nil); !slices.Equal(g, []string{Everyone}) {
		t.Errorf("no subject: groups %v, want [everyone]", g)
	}
	if g := GroupsOf(&Subject{ID: "u"}); len(g) != 0 {
		t.Errorf("subject without groups: %v, want none (an empty set stays empty)", g)
	}
}
