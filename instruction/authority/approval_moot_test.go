package authority

import "testing"

// TestRequestMoot: a pending request is moot once no grant of its
// groups covers its tool, or none that does asks for approval; a grant
// still asking for it, for any of the groups, keeps it open.
func TestRequestMoot(t *testing.T) {
	write := Tool{ID: "workspace_write", Effects: "workspace-write"}
	asks := Grant{Group: "contractors", Kind: KindTool, Value: "workspace_write", RequiresApproval: true}
	free := Grant{Group: "everyone", Kind: KindEffects, Value: "workspace-write"}
	other := Grant{Group: "staff", Kind: KindTool, Value: "workspace_write", RequiresApproval: true}
	cases := []struct {
		name   string
		groups []string
		grants []Grant
		want   string
	}{
		{"the grant asking for approval stands", []string{"contractors"}, []Grant{asks}, ""},
		{"the strictest grant holds", []string{"contractors", "everyone"}, []Grant{asks, free}, ""},
		{"the grant was removed", []string{"contractors"}, []Grant{free, other}, MootNotGranted},
		{"a grant without approval remains", []string{"contractors", "everyone"}, []Grant{free}, MootNoApproval},
		{"no groups", []string{}, []Grant{asks, free}, MootNotGranted},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := RequestMoot(tc.groups, tc.grants, write); got != tc.want {
				t.Errorf("RequestMoot(%v) = %q, want %q", tc.groups, got, tc.want)
			}
		})
	}
}
