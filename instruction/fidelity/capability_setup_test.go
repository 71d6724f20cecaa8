package fidelity_test

import "testing"

// TestASetupPrerequisiteIsNoDuty: "you need to / have to" or "asking you
// to" before a deed of setting the tool up (access, the bot, an account,
// an id) or of tuning its own call (a parameter's value) asks nothing of
// another tool; a duty of any other deed still does (TestDutiesPutOnYou).
func TestASetupPrerequisiteIsNoDuty(t *testing.T) {
	wantNoFindings(t, "report",
		"Lists files in a folder. You need to grant the app access to the folder first.",
		"Gets a page. You need to copy the page ID from its URL.",
		"Reads a channel's history. You have to add the bot to the channel before it can read messages.",
		"Queries a database. You need to share the database with the integration.",
		"Lists repositories. You need to connect your GitHub account in settings.",
		"Sends a message to a channel. You need to invite the bot to the channel first.",
		"Lists occurrences of an item. A response over the token budget fails with an actionable error asking you to lower limit or raise max_tokens.",
		"Reads a calendar. You have to enable the calendar API for the project once.",
	)
}
