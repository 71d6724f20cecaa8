package fidelity_test

import "testing"

// TestAgentDeedsChainedAreSteps: the agent told of in the third person
// doing two deeds joined by "and", "then" or a comma ("the assistant
// restocks the bar, then updates the price list") follows a procedure:
// each deed is a step, read as a later step is; so is one deed after a
// step opener ("After closing, the assistant switches off the lights").
// One deed alone describes ("The assistant posts them on the course
// board"), and a deed chained to someone else's is theirs.
func TestAgentDeedsChainedAreSteps(t *testing.T) {
	wantClasses(t, []classCase{
		{"bar", "Returns the bar's stock. When gin runs low, the assistant restocks, then updates the price list.", "action:restock"},
		{"ward", "Returns the ward list. The assistant orders the dressings and then rebooks the clinic.", "action:rebook"},
		{"league", "Returns the league table. The assistant reserves the court and, after that, emails both teams.", "email"},
		{"hall", "Returns the hall rota. After closing, the assistant switches off the lights and locks the doors.", "action:switch"},
	})
	wantNoFindings(t, "grades",
		"Returns grades. The assistant posts them on the course board after review.",
		"Returns grades. The assistant posts them on the course board and the teacher signs them.",
		"Returns grades. The assistant reads them and never emails anyone.",
		"Returns the order of service.\n\nThe assistant reads the notices aloud.",
	)
}

// TestPluralObjectBeforeItsMeans: a verb opening a later sentence before a
// plural the lexicon also knows as a verb ("Email proofs", "Reorder
// bottles") is an imperative with its object when a preposition of place
// or means follows the plural; "by" names the means when a brand follows
// it ("by Facebook Messenger"). A subject and its verb ("Email arrives
// within a minute"), an example ("e.g., forward slashes on Unix-like systems"),
// a time ("by EOD", "by Friday") and a participle's doer ("signed by
// Acme") are not.
func TestPluralObjectBeforeItsMeans(t *testing.T) {
	wantClasses(t, []classCase{
		{"commissions", "Returns wedding commissions. Email proofs via Mailchimp to each couple.", "email"},
		{"batches", "Returns a batch's pH. Reorder bottles through Shopify.", "service:shopify"},
		{"farms", "Returns booked farms. Confirm each visit by Facebook Messenger.", "service:facebook"},
	})
	wantNoFindings(t, "files",
		"Lints files. Paths must suit the system (e.g., forward slashes on Unix-like systems, backslashes on Windows).",
		"Returns drafts. Reply by Friday if a draft is wrong.",
		"Returns drafts. Approve the drafts signed by Acme.",
		"Returns mail status. Email arrives within a minute.",
	)
}

// TestAgentNamedAtAClauseOpensItsDuty: the agent named in lower case at
// the start of a clause before "to" and a verb ("Pressure areas —
// assistant to grade them …", "ABV: assistant to compute …") is given the
// deed, as "Assistant to …" is; "its X" there is the agent's.
func TestAgentNamedAtAClauseOpensItsDuty(t *testing.T) {
	wantClasses(t, []classCase{
		{"handover", "Returns the handover.\n\nSkin: heels — assistant to grade them with its pressure-sore classifier.", "tool:pressure-sore classifier"},
		{"cards", "Returns the spec cards.\n\n• Sugar: assistant to compute with its syrup calculator", "tool:syrup calculator"},
	})
	wantNoFindings(t, "staff",
		"Returns the staff list.\n\nRole: assistant to the manager.",
		"Returns a card spread.\n\nThe Hanged Man: nothing for the assistant to do; wait.",
	)
}
