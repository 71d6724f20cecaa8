package fidelity_test

import "testing"

// TestAgentDeedsChainedAreSteps: the agent told of in the third person
// doing two deeds joined by "and", "then" or a comma ("the assistant
// restocks the bar, then updates the price list") follows a procedure:
// each deed is a step, read as a later step is; so is one deed after a
// step opener ("After closing, the assistant switches off the lights").
// One deed alone describes ("The assistant pins them on the notice
// board"), and a deed chained to someone else's is theirs.
func TestAgentDeedsChainedAreSteps(t *testing.T) {
	wantClasses(t, []classCase{
		{"bar", "Returns the bar's stock. When gin runs low, the assistant restocks, then updates the price list.", "action:restock"},
		{"ward", "Returns the ward list. The assistant orders the dressings and then rebooks the clinic.", "action:rebook"},
		{"league", "Returns the league table. The assistant reserves the court and, after that, emails both teams.", "email"},
		{"hall", "Returns the hall rota. After closing, the assistant switches off the lights and locks the doors.", "action:switch"},
	})
	wantNoFindings(t, "grades",
		"Returns grades. The assistant pins them on the notice wall after review.",
		"Returns grades. The assistant pins them on the notice wall and the teacher signs them.",
		"Returns grades. The assistant reads them and never emails anyone.",
		"Returns the order of service.\n\nThe assistant reads the notices aloud.",
	)
}

// TestPluralObjectBeforeItsMeans: a verb opening a later sentence before a
// plural the lexicon also knows as a verb ("Email proofs", "Reorder
// bottles") is an imperative with its object when a preposition of place
// or means follows the plural; "by" names the means when a brand follows
// it ("by Facebook Messenger"). A subject and its verb ("Email arrives
// within a minute"), an example ("e.g., forward slashes on POSIX hosts"),
// a time ("by EOD", "by Friday") and a participle's doer ("signed by
// Acme") are not.
func TestPluralObjectBeforeItsMeans(t *testing.T) {
	wantClasses(t, []classCase{
		{"commissions", "Returns portrait commissions. Email drafts via Mailchimp to each sitter.", "email"},
		{"batches", "Returns a batch's pH. Reorder bottles through Shopify.", "service:shopify"},
		{"farms", "Returns booked orchards. Confirm every tour by Facebook Messenger.", "service:facebook"},
	})
	wantNoFindings(t, "files",
		"Lints files. Paths must fit the platform (say, forward slashes on POSIX hosts, backslashes on Windows).",
		"Returns drafts. Reply by Friday if a draft is wrong.",
		"Returns drafts. Approve the drafts signed by Acme.",
		"Returns mail status. Email arrives within a minute.",
	)
}

// TestAgentNamedAtAClauseOpensItsDuty: the agent named in lower case at
// the start of a clause before "to" and a verb ("Bruised areas —
// assistant to score them …", "ABV: assistant to compute …") is given the
// deed, as "Assistant to …" is; "its X" there is the agent's.
func TestAgentNamedAtAClauseOpensItsDuty(t *testing.T) {
	wantClasses(t, []classCase{
		{"handover", "Returns the handover.\n\nSkin: elbows — assistant to score them with its bedsore classifier.", "tool:bedsore classifier"},
		{"cards", "Returns the spec cards.\n\n• Sugar: assistant to compute with its syrup calculator", "tool:syrup calculator"},
	})
	wantNoFindings(t, "staff",
		"Returns the staff list.\n\nRole: assistant to the manager.",
		"Returns a tarot reading.\n\nThe Hermit: no task for the assistant here; wait.",
	)
}
