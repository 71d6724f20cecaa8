package fidelity_test

import "testing"

// TestCallsWrittenInCode: a later sentence that hands the reader a deed as
// its line of code — a method or function call opening the step, a name
// handed to a dispatcher, a link with a tool scheme, a capitalised command
// at a step's start, a Lisp form, a scoped name — names a tool the roster
// lacks; the same syntax as an example of what the tool sees, a value's
// shape or a name that is no deed does not.
func TestCallsWrittenInCode(t *testing.T) {
	wantFindings(t, "report",
		"Returns idle members. client.SuspendUser(ctx, id) comes next.",
		"Returns plans. try await tools.cancelSubscription(sub) when the payment bounced.",
		"Returns refund claims. Approve every one with send(:refund_order, id).",
		"Returns logins to block. (freeze-account id) for every row.",
		"Returns resolved cases. [Close them](tool:close_ticket) once the client confirms.",
		"Returns stale prospects. Map them over ::archiveLead.",
		"Returns tokens leaked in open repos. REVOKE_API_KEY every one of them.",
		"Returns orders. =CANCEL_ORDER(A2) in the next column for each late one.",
		"Returns orders. Then mutation { cancelOrder(id: $id) { ok } } for each late one.",
		"Returns nitrate readings at the outfall. Readings past the cap call for sound_flood_alert.",
		"Clears the logged console and network records. Then getConsoleSnapshot to check nothing is left.",
		"Returns the checks in a suite. Suite ids can be found via listFolders.",
	)
	wantNoFindings(t, "report",
		"Watch IPC traffic, like invoke('store_prefs') made by the UI.",
		"Returns the page. For example, document.querySelector('#main') returns its root.",
		"Returns orders. TOOL_ID each time is the order's key.",
		"Returns orders. The column =SUM(A2:A9) totals them.",
		"Returns a referral. Its field user_id holds the patient.",
	)
}
