package fidelity_test

import "testing"

// TestSentToTheReaderIsNoDuty: "to you to <verb>" after a word of sending
// or giving ("mailed to you to sign", "emailed to you to pay") says what
// the thing sent is for; only a frame of duty before the preposition
// ("falls to you", "is up to you", "rests upon you") hands over a deed.
func TestSentToTheReaderIsNoDuty(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns the lease. A copy is mailed to you to sign and keep.",
		"Returns an invoice. The invoice is emailed to you to pay by Friday.",
		"Returns a contract. The draft is sent to you to review before Monday.",
		"Returns a form. It is handed to you to fill in at the desk.",
		"Returns a code. The code is texted to you to confirm the login.",
		"Returns a waiver. It is given to you to sign on arrival.",
		"Returns a report. It is shown to you to check the figures.",
	)
	wantFindings(t, "report",
		"Returns a lease. It rests upon you to text the tenant the new code.",
		"Returns a lease. It is up to you to text the tenant the new code.",
		"Returns a lease. It is down to you to text the tenant the new code.",
		"Returns a lease. It is incumbent upon you to text the tenant the new code.",
	)
}

// TestChannelNamesAreNoToolAnchors: "#name" naming a chat channel
// ("watch #ship_it", "the #deploy_status channel") is no anchor of a
// tool; in a link or pointed at ("](#send_overdue_notice)", "see
// #send_overdue_notice") it is.
func TestChannelNamesAreNoToolAnchors(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns a release. Most teams watch #ship_it for release news.",
		"Returns a deploy. Teams post it to the #deploy_status channel themselves.",
		"Returns a deploy. Engineers join #deploy_status to follow along.",
		"Returns a deploy. Status lands in #deploy_status every hour.",
		"Returns a release. Questions go to the #ship_it room.",
	)
	wantFindings(t, "report",
		"Returns overdue books. Then [notify](#send_overdue_notice) the borrower.",
		"Returns overdue books. For the follow-up see #send_overdue_notice.",
	)
}
