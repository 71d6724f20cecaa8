package runtime

import (
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// TestAuthorizedSetFollowsGrantsAndGroups: the memoized authorized set
// answers for exactly the grants and groups given — a revoked grant, a
// changed approval flag or another group is never answered from a set
// computed before.
func TestAuthorizedSetFollowsGrantsAndGroups(t *testing.T) {
	snap := &Snapshot{authorized: newAuthorizedSets(), authTools: []authority.Tool{{ID: "exec", Effects: "workspace-write"}, {ID: "read_file", Effects: "read-only"}, {ID: "github.create_issue", Effects: "external-write"}}}
	all := []authority.Grant{{Group: "staff", Kind: authority.KindTool, Value: "exec"}, {Group: "staff", Kind: authority.KindEffects, Value: "read-only"}, {Group: "ops", Kind: authority.KindService, Value: "github"}}
	cases := []struct {
		name   string
		grants []authority.Grant
		groups []string
		want   map[string]bool
	}{
		{"staff", all, []string{"staff"}, map[string]bool{"exec": true, "read_file": true}},
		{"exec revoked", all[1:], []string{"staff"}, map[string]bool{"read_file": true}},
		{"staff again", all, []string{"staff"}, map[string]bool{"exec": true, "read_file": true}},
		{"ops", all, []string{"ops"}, map[string]bool{"github.create_issue": true}},
		{"both", all, []string{"staff", "ops"}, map[string]bool{"exec": true, "read_file": true, "github.create_issue": true}},
		{"no groups", all, nil, map[string]bool{}},
		{"value moved between fields", []authority.Grant{{Group: "staff", Kind: authority.KindTool, Value: "read_file"}}, []string{"staff"}, map[string]bool{"read_file": true}},
		{"no grants", nil, []string{"staff"}, map[string]bool{}},
	}
	for _, c := range cases {
		in := AuthorizedSet(snap, c.grants, c.groups)
		for _, tool := range snap.authTools {
			if got := in(tool.ID); got != c.want[tool.ID] {
				t.Errorf("%s: %s authorized = %v, want %v", c.name, tool.ID, got, c.want[tool.ID])
			}
		}
	}
}
