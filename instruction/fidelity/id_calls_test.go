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
		"Returns dormant users. client.SuspendUser(ctx, id) is the follow-up.",
		"Returns subscriptions. try await tools.cancelSubscription(sub) where the card failed.",
		"Returns refund requests. Approve each with send(:refund_order, id).",
		"Returns accounts to freeze. (freeze-account id) for each row.",
		"Returns solved tickets. [Close them](tool:close_ticket) when the customer agrees.",
		"Returns cold leads. Map them over ::archiveLead.",
		"Returns API keys found in public repos. REVOKE_API_KEY each of them.",
		"Returns orders. =CANCEL_ORDER(A2) in the next column for each late one.",
		"Returns orders. Then mutation { cancelOrder(id: $id) { ok } } for each late one.",
		"Returns chrome levels in the effluent. Levels over the limit call for raise_effluent_alarm.",
		"Discards captured console and network entries. Then getConsoleSnapshot to confirm the buffer is empty.",
		"Returns test cases in a folder. Folder ids can be discovered via listFolders.",
	)
	wantNoFindings(t, "report",
		"Monitor IPC calls, such as invoke('save_settings') made by the frontend.",
		"Returns the page. For example, document.querySelector('#main') returns its root.",
		"Returns orders. TOOL_ID each time is the order's key.",
		"Returns orders. The column =SUM(A2:A9) totals them.",
		"Returns a referral. Its field user_id holds the patient.",
	)
}
