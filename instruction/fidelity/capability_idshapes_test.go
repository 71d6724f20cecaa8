package fidelity_test

import "testing"

// TestIdentifiersInNewShapes: a tool name not in the roster written as a
// handle ("@assign_reviewer"), as the head of a Lisp-style call
// ("(lock-account user-id)"), as the last crumb of a breadcrumb or the
// target of an arrow ("Orders › Refunds › issue_refund", "→ callback
// `notify_warehouse`"), or as a CamelCase name said to be the call
// ("ArchiveTenant is the call") is a name put to use; a handle of a
// person, a path of pages and a CamelCase name described are not.
func TestIdentifiersInNewShapes(t *testing.T) {
	for _, text := range []string{
		"Returns a pull request. Needs eyes? @assign_reviewer with the author's team.",
		"Returns a user. Locked out three times? (suspend-account user-id)",
		"Returns refunds. Breadcrumb: Orders › Disputes › open_dispute.",
		"Returns a parcel. Lost? → callback `notify_courier`.",
		"Returns a tenant. Closing it? ArchiveTenant is the call.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns a pull request. Questions go to @maria on the review team.",
		"Returns the page path, such as Orders › Disputes › Details.",
		"Returns a tenant. The TenantArchive record is kept for a year.",
		"Returns contacts (first name, last name) for the account.",
		"Returns ranges (run-length encoded) and names (case-insensitive partial match).",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
