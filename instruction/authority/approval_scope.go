package authority

import (
	"fmt"
	"strings"
)

// ApprovalInScope reports whether approval a was made under the group
// set groups and the (resolved) profile: what its reviewer saw. A call
// under other groups or another profile is another call, however its
// subject is spelled: the approval holds for none (nor does a change of
// the call's groups' grants void it, for it was never made for them).
// An approval whose groups were not recorded (made before they were) is
// judged by its pin only.
func ApprovalInScope(a *Approval, groups []string, profile string) bool {
	if a == nil || a.Groups == nil {
		return true
	}
	return GroupSetDigest(a.Groups) == GroupSetDigest(groups) && a.Profile == profile
}

// approvalScopeVerdict is the verdict on approval a presented for a call
// under groups and profile it was not made under (ApprovalInScope):
// the host reads both sides, the model that the call needs its own
// approval, never what the reviewer saw.
func approvalScopeVerdict(a *Approval, presented string, groups []string, profile string) (host, reason, sentence string) {
	if GroupSetDigest(a.Groups) != GroupSetDigest(groups) {
		return fmt.Sprintf("approval %s: made for groups [%s], this call is under groups [%s]; a call under these groups needs its own approval", a.Ref, strings.Join(a.Groups, ","), strings.Join(groups, ",")),
			ReasonApprovalOtherGroups, presented + " was made for this subject under other groups than this call's; a call under these groups needs its own approval."
	}
	return fmt.Sprintf("approval %s: made under profile %s, this call is under profile %s; a call under this profile needs its own approval", a.Ref, profileName(a.Profile), profileName(profile)),
		ReasonApprovalOtherProfile, presented + " was made under another profile than this call's; a call under this profile needs its own approval."
}

// profileName is a profile slug as a reason says it.
func profileName(slug string) string {
	if slug == "" {
		return "(none)"
	}
	return fmt.Sprintf("%q", slug)
}
