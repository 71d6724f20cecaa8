package fidelity_test

import "testing"

// TestAnInstrumentPutToWork: a compound instrument noun made the doer or
// the means of a deed ("A link shortener makes them fit", "put through a
// unit converter"), or one the agent has ("any image resizing tool you
// have"), needs a tool that does it; a person named by an agent noun, a
// device described and the tool itself are none.
func TestAnInstrumentPutToWork(t *testing.T) {
	wantFindings(t, "get_assets",
		"Returns product photos. Resize them first (any image resizing tool you have will do).",
		"Returns a German contract. A translation tool of yours can turn it into English for the client.",
		"Returns long tracking links. A link shortener makes them fit in a tweet.",
		"Returns two CSV exports. A diff tool is the best way to compare them.",
		"Returns a recipe. It is recommended that the amounts be put through a unit converter first.",
		"Returns a transcript. Tidy it with whichever grammar checker you prefer.",
	)
	wantNoFindings(t, "get_assets",
		"Returns a boarding pass. The traveller shows it at the gate.",
		"Returns a laptop's spec sheet: it ships with a calculator app preinstalled.",
		"Returns the device list. The label printer is offline since Monday.",
		"Returns thumbnails. This image tool is the way to get small previews.",
		"Returns a report. No spell checker is needed: the text is generated.",
	)
}
