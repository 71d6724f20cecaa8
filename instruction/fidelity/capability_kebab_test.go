package fidelity_test

import "testing"

// TestSiblingToolsInKebabCase: a sibling tool named in kebab case, a
// deed and its object ("sftp-upload", "get-pod", "search-routines"),
// put to use — after a call verb or a pointer, not modifying a noun — is
// a tool the roster lacks; an English compound ("read-only",
// "follow-up"), a name that modifies a noun, and a hyphenated verb after
// "to" are not.
func TestSiblingToolsInKebabCase(t *testing.T) {
	for _, text := range []string{
		"Runs a command. For a big script, push it with scp-push and run it by path.",
		"Deletes a node. Check the name with get-node first.",
		"Gets a recipe. Use search-recipes to find IDs.",
		"Lists routes (shortened; use fetch-route for the whole record).",
		"Retrieves a job. Use after list-jobs to see the details.",
		"Searches one index. To search several, use search-records instead.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Runs a query. Use read-only mode for reports.",
		"Returns a thread. Use follow-up questions sparingly.",
		"Returns text. Use multi-line strings for long values.",
		"Returns capacity. Pass gpuTypes to re-check instead.",
		"Returns a record with built-in defaults.",
		"Returns a page. Use get-style names for the fields.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestSiblingToolsInCamelCase: a one-hump lower camel name of a deed and
// its object, the means of a step ("with mergeCustomers"), is a tool the
// roster lacks; a field so named that modifies a noun, or one in the
// sentence that says what the tool does, is not.
func TestSiblingToolsInCamelCase(t *testing.T) {
	for _, text := range []string{
		"Returns a rowing club member. Renew expired ones through renewMembership.",
		"Lists leads. Fold repeats with mergeLeads before the export.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Lists items. Sort them with sortOrder values.",
		"Merges duplicates with mergeCustomers.",
		"Lists customers. The list is sorted with sortOrder.",
		"Parses an upload. Retry with uploadRef and the desired options.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
