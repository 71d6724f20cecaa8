package authority

import "testing"

// TestABroaderGrantDoesNotLiftAnApproval: a grant that requires approval
// holds whatever else grants the tool: a broader grant of the same group
// (its effects class, its service) or any grant of another of the
// subject's groups leaves the tool approval-only; the strictest
// applicable condition holds. Failed first: contractors granted
// workspace-write effects (or also in everyone) called workspace_write
// without approval although their tool grant asks for it.
func TestABroaderGrantDoesNotLiftAnApproval(t *testing.T) {
	tool := Tool{ID: "workspace_write", Effects: "workspace-write", State: StateBindable, Digest: "d"}
	svcTool := Tool{ID: "github.create_issue", Effects: "external-write", State: StateBindable, Digest: "d"}
	grants := []Grant{
		{Group: "contractors", Kind: KindTool, Value: "workspace_write", RequiresApproval: true},
		{Group: "contractors", Kind: KindEffects, Value: "workspace-write"},
		{Group: "contractors", Kind: KindService, Value: "github", RequiresApproval: true},
		{Group: "contractors", Kind: KindTool, Value: "github.create_issue"},
		{Group: Everyone, Kind: KindEffects, Value: "workspace-write"},
		{Group: Everyone, Kind: KindEffects, Value: "external-write"},
	}
	for _, c := range []struct {
		groups []string
		tool   Tool
		needs  bool
	}{
		{[]string{"contractors"}, tool, true},
		{[]string{"contractors", Everyone}, tool, true},
		{[]string{Everyone, "contractors"}, tool, true},
		{[]string{Everyone}, tool, false},
		{[]string{"contractors"}, svcTool, true},
		{[]string{"contractors", Everyone}, svcTool, true},
		{[]string{Everyone}, svcTool, false},
	} {
		a, ok := Authorize(c.groups, grants, c.tool)
		if !ok || a.RequiresApproval != c.needs {
			t.Errorf("%s for %v: authorized %v, requires approval %v, want %v", c.tool.ID, c.groups, ok, a.RequiresApproval, c.needs)
		}
		d := Decide(Check{Agent: Agent{Slug: "x", Declared: []string{c.tool.ID}, Services: []string{"github"}}, Subject: &Subject{ID: "s", Groups: c.groups}, ToolID: c.tool.ID, Tool: &c.tool, Grants: grants, Now: now})
		if got := !d.Allow && d.Error.Type == TypeApprovalRequired; got != c.needs {
			t.Errorf("check of %s for %v: allow %v %+v, want approval required %v", c.tool.ID, c.groups, d.Allow, d.Error, c.needs)
		}
	}
}
