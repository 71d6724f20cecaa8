package fidelity_test

import "testing"

// TestAbilitiesNamedAsTheAgentsOwnWithoutAVerb: an ability named as the
// agent's own — "your charting smarts", "the OCR plugin you carry", "any
// barcode decoding on your side", "the speech-to-text in your toolbelt",
// "via your mapping integration", "your image analysis" — is a capability
// the roster must provide; the user's own integrations and a tool's own
// analysis are none.
func TestAbilitiesNamedAsTheAgentsOwnWithoutAVerb(t *testing.T) {
	wantFindings(t, "report",
		"Returns sales figures. Your charting smarts can turn these into a bar chart for the board.",
		"Returns a scan. The OCR plugin you carry should read the serial number.",
		"Returns label images. Any barcode decoding on your side will do to read the GTINs.",
		"Returns a call recording. The speech-to-text in your toolbelt should turn it into notes.",
		"Returns delivery stops. Via your mapping integration, order them by drive time.",
		"Returns a floor plan image. Measure the rooms using your own image-measuring add-on.",
		"Returns hoof photographs from the last visit. Use your image analysis to estimate the hoof angle from each photo.",
	)
	wantNoFindings(t, "report",
		"Returns the stops your mapping integration synced last night.",
		"Returns a scan. The OCR plugin the clinic carries has already read the serial number.",
		"Returns label images. No barcode decoding is needed on your side: the GTINs are in the response.",
		"Returns a sentiment analysis of the reviews, computed by this server.",
		"Returns the integrations connected to your workspace.",
	)
}
