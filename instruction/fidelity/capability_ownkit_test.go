package fidelity_test

import "testing"

// TestAbilitiesNamedAsTheAgentsOwnWithoutAVerb: an ability named as the
// agent's own — "your charting smarts", "the OCR plugin you carry", "any
// QR decoding on your side", "the voice-to-text in your kit",
// "via your mapping integration", "your image analysis" — is a capability
// the roster must provide; the user's own integrations and a tool's own
// analysis are none.
func TestAbilitiesNamedAsTheAgentsOwnWithoutAVerb(t *testing.T) {
	wantFindings(t, "report",
		"Returns weekly takings. Your charting smarts can make these into a line graph for the owners.",
		"Returns a scan. The OCR plugin you carry should read the serial number.",
		"Returns shelf photos. Any QR decoding on your side is enough to read them.",
		"Returns a meeting recording. The voice-to-text in your kit should make minutes of it.",
		"Returns courier drops. Via your mapping integration, sort them by travel time.",
		"Returns a site plan picture. Size the plots with your own picture-measuring add-on.",
		"Returns hull pictures from the latest survey. Use your image analysis to gauge the fouling in every picture.",
	)
	wantNoFindings(t, "report",
		"Returns the stops your mapping integration synced last night.",
		"Returns a scan. The OCR plugin the clinic carries has already read the serial number.",
		"Returns label images. No barcode decoding is needed on your side: the GTINs are in the response.",
		"Returns a sentiment analysis of the reviews, computed by this server.",
		"Returns the integrations connected to your workspace.",
	)
}
