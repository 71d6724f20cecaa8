package authority

// The void reasons of a pending request its grants no longer ask for
// (RequestMoot).
const (
	// MootNotGranted: no grant of the request's groups covers its tool
	// any more, so approving it would allow nothing.
	MootNotGranted = "no grant of the subject's groups gives the tool any more, so approving it would allow nothing"
	// MootNoApproval: the request's groups are granted its tool without
	// approval now, so the call needs none.
	MootNoApproval = "the subject's groups are now granted the tool without approval, so the call needs none"
)

// RequestMoot is why a pending request made under groups for tool t can
// never be granted under grants ("" while it can): no grant covers the
// tool (MootNotGranted), or none of those that do asks for approval
// (MootNoApproval). The same rule the check applies (Authorize): the
// strictest applicable grant holds.
func RequestMoot(groups []string, grants []Grant, t Tool) string {
	auth, ok := Authorize(groups, grants, t)
	switch {
	case !ok:
		return MootNotGranted
	case !auth.RequiresApproval:
		return MootNoApproval
	}
	return ""
}
