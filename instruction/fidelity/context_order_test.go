package fidelity_test

import "testing"

// TestCallsOrderedAroundATool: a call ordered before or after a tool
// whose sentence opens with the call ("Use this before get_thread", "Call
// this first on long mailboxes before get_thread/set_label") sends the
// agent to that tool; a value's order ("Dates are compared before
// sort_order is applied") names none.
func TestCallsOrderedAroundATool(t *testing.T) {
	wantFindings(t, "list_threads",
		"Lists the threads. Use this before get_thread.",
		"Lists the threads in a mailbox. Call this first on long mailboxes before get_thread/set_label, so only the thread you need is loaded.",
		"Lists the threads in a mailbox. Then call it again after archive_thread to confirm.",
	)
	wantNoFindings(t, "list_threads",
		"Lists threads. Dates are compared before sort_order is applied.",
		"Lists threads. Results are sorted after page_size is applied.",
		"Lists threads. Call it again after next_token changes.",
	)
}
