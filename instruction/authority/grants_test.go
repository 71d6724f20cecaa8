package authority

import (
	"slices"
	"testing"
)

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
		// a grant with approval holds over one without it (the strictest applies)
		{[]string{"contractors", "staff"}, []string{"exec", "github.create_issue", "github.get_issue", "read_file"}, []string{"exec"}},
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
