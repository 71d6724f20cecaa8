package authority

import (
	"strings"
	"testing"
	"time"
)

// TestAnApprovalHoldsOnlyUnderItsGroupsAndProfile: an approval is for
// the call its reviewer saw — the subject's group set and the profile it
// was requested under. The same subject under another group set (any
// order of the same set is the same set) or another profile is
// approval_required with approval_other_groups / approval_other_profile,
// not allowed; one made before groups were recorded is judged by its
// other rules.
func TestAnApprovalHoldsOnlyUnderItsGroupsAndProfile(t *testing.T) {
	at := time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)
	tool := Tool{ID: "send_mail", Digest: "d1", Effects: "external-send", State: StateBindable}
	ok := func() *Approval {
		return &Approval{Found: true, Ref: "apr_1", Status: ApprovalApproved, Agent: "a", Subject: "c-9", Groups: []string{"contractors", "staff"}, Profile: "analyst",
			Tool: tool.ID, Digest: "d1", SingleUse: true, DecidedBy: "rita"}
	}
	grants := []Grant{{Group: "contractors", Kind: KindTool, Value: tool.ID, RequiresApproval: true}, {Group: "g2", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}
	for _, c := range []struct {
		name    string
		groups  []string
		profile string
		a       func() *Approval
		reason  string
	}{
		{"as reviewed", []string{"contractors", "staff"}, "analyst", ok, ""},
		{"same set, other order", []string{"staff", "contractors", "staff"}, "analyst", ok, ""},
		{"other groups", []string{"g2"}, "analyst", ok, ReasonApprovalOtherGroups},
		{"a group more", []string{"contractors", "staff", "g2"}, "analyst", ok, ReasonApprovalOtherGroups},
		{"other profile", []string{"contractors", "staff"}, "research", ok, ReasonApprovalOtherProfile},
		{"no profile", []string{"contractors", "staff"}, "", ok, ReasonApprovalOtherProfile},
		{"groups not recorded", []string{"g2"}, "research", func() *Approval { a := ok(); a.Groups = nil; return a }, ""},
	} {
		tl := tool
		d := Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}, Profile: []string{tool.ID}, ProfileSlug: c.profile}, Subject: &Subject{ID: "c-9", Groups: c.groups},
			ToolID: tool.ID, Tool: &tl, Grants: grants, Approval: c.a(), Now: at})
		if c.reason == "" {
			if !d.Allow {
				t.Errorf("%s: denied %+v", c.name, d)
			}
			continue
		}
		if d.Allow || d.Error.Type != TypeApprovalRequired || d.Error.ApprovalReason != c.reason {
			t.Errorf("%s: want approval_required/%s, got %+v", c.name, c.reason, d)
			continue
		}
		if d.Void != "" {
			t.Errorf("%s: a call outside the approval's scope voids it: %q", c.name, d.Void)
		}
		if strings.Contains(d.Error.Message, "contractors") || strings.Contains(d.Error.Message, "analyst") {
			t.Errorf("%s: the model reads what the reviewer saw: %q", c.name, d.Error.Message)
		}
	}
}
