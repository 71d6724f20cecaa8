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
		"Returns a Dutch lease. A translation tool of yours can make it into Spanish for the tenant.",
		"Returns long tracking links. A link shortener makes them fit in a tweet.",
		"Returns two CSV exports. A diff tool is the best way to compare them.",
		"Returns a recipe. It is advised that the weights be run through a unit converter first.",
		"Returns a transcript. Tidy it with whichever grammar checker you prefer.",
	)
	wantNoFindings(t, "get_assets",
		"Returns a boarding pass. The flyer presents it at boarding.",
		"Returns a tablet's data sheet: it comes with a calculator app installed.",
		"Returns the device list. The label printer is offline since Monday.",
		"Returns thumbnails. This image tool is the way to get small previews.",
		"Returns a report. No spell checker is needed: the text is generated.",
	)
}
