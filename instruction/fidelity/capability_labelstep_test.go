package fidelity_test

import "testing"

// TestLabelledSteps: a step handed on after a label of sequence and a
// colon ("Next on the list: …", "Hot on its heels: …"), or named as a
// gerund after a frame of the next or the remaining deed ("the next move
// is cancelling …", "what remains is provisioning …"), is a step the tool
// does not do; a label that names a value or a thing, a gerund of state
// and a deed of the conversation are none.
func TestLabelledSteps(t *testing.T) {
	wantFindings(t, "report",
		"Returns overdue invoices. The next move is cancelling each order.",
		"Returns new hires. What remains is provisioning their laptops.",
		"Returns expiring contracts. Next on the list: renegotiating each one with the vendor.",
		"Returns idle machines. Then: shutting them down and deleting their disks.",
		"Returns leavers. Hot on its heels: disable their accounts.",
		"Returns late orders. Next up: refund each customer.",
	)
	wantNoFindings(t, "report",
		"Returns pages. Next page: pass the cursor from the last response.",
		"Returns runs. The next run is starting at noon.",
		"Returns a schedule. Next on the list: the quarterly review.",
		"Returns jobs. What remains is pending until the queue drains.",
		"Returns matches. The next step is comparing them with the query.",
	)
}
