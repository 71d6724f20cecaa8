package authority

import (
	"testing"
	"time"
)

func TestPinChanged(t *testing.T) {
	now := Pin{Grants: "g1", Roster: "r1", Contract: "c1"}
	for _, tc := range []struct {
		name, pinned, want string
	}{
		{"made before pins", "", ""},
		{"unchanged", now.String(), ""},
		{"grants changed", Pin{"g0", "r1", "c1"}.String(), TypeRevoked},
		{"roster changed", Pin{"g1", "r0", "c1"}.String(), TypeRevoked},
		{"reviewed again", Pin{"g1", "r1", "c0"}.String(), TypeBindingStale},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, stop := pinChanged(tc.pinned, now)
			got := ""
			if stop {
				got = d.Error.Type
				if !d.Invalidates {
					t.Errorf("a changed pin does not invalidate the binding for good")
				}
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if ParsePin(now.String()) != now {
		t.Errorf("ParsePin(%q) = %+v", now.String(), ParsePin(now.String()))
	}
}

// TestApprovalPinVoids: an approved approval whose pinned authority
// differs from now is refused as approval_void and the decision asks the
// caller to record it; one that pinned nothing, or whose current pin is
// unknown, is judged by its other rules; a recorded void stays void.
func TestApprovalPinVoids(t *testing.T) {
	now := Pin{Grants: "g1", Roster: "r1", Contract: "c1"}
	tool := Tool{ID: "t", Digest: "d"}
	for _, tc := range []struct {
		name, status, pinned, pinNow, want, void string
	}{
		{"unchanged", ApprovalApproved, now.String(), now.String(), "", ""},
		{"pinned nothing", ApprovalApproved, "", now.String(), "", ""},
		{"current pin unknown", ApprovalApproved, now.String(), "", "", ""},
		{"grants changed", ApprovalApproved, Pin{"g0", "r1", "c1"}.String(), now.String(), ReasonApprovalVoid, "the grants of the subject's groups changed since"},
		{"roster changed", ApprovalApproved, Pin{"g1", "r0", "c1"}.String(), now.String(), ReasonApprovalVoid, "the agent or its profile changed since"},
		{"reviewed again", ApprovalApproved, Pin{"g1", "r1", "c0"}.String(), now.String(), ReasonApprovalVoid, "the tool was reviewed again since"},
		{"recorded void", ApprovalVoid, now.String(), now.String(), ReasonApprovalVoid, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &Approval{Found: true, Ref: "apr_x", Status: tc.status, Agent: "a", Subject: "s", Tool: "t", Digest: "d", SingleUse: true, Pin: tc.pinned, PinNow: tc.pinNow}
			_, reason, _ := approvalVerdict(a, "a", &Subject{ID: "s"}, "", tool, "", time.Unix(0, 0))
			if reason != tc.want {
				t.Errorf("reason %q, want %q", reason, tc.want)
			}
			if got := ApprovalVoids(a); got != tc.void {
				t.Errorf("ApprovalVoids %q, want %q", got, tc.void)
			}
		})
	}
}
