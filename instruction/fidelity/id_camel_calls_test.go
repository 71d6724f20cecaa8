package fidelity_test

import "testing"

// TestCamelCallsWithPositionalArguments: a lowerCamel deed's name the
// roster lacks, written as a call with positional arguments as the means
// of a step handed to the reader, is a tool leak as its snake_case
// spelling is; the same call in a sentence that tells what a syntax or the
// tool does, set beside the tool as an example, or inside a fenced block
// of code, is none.
func TestCamelCallsWithPositionalArguments(t *testing.T) {
	wantFindings(t, "report",
		"Returns a work order.\n\nClose the order with closeJob(jobId, signedOff=true).",
		"Returns the pantry list. Order from the cash-and-carry with placeOrder(boxes).",
		"Returns a care plan. Book the check-up with scheduleReview(patientId, weeks=4).",
		"Returns the daily list. Order more gloves with reorderStock(item).",
		"Returns a job card. If the job is done, close it with closeJob(jobId).",
		"Returns a job card. Then closeJob(jobId).",
		"Returns the milk rounds. Stop a household's milk with pauseDelivery(house, until).",
		"Returns pet visits. Tell the owner the cat is fed with markReturned(catId).",
	)
	wantNoFindings(t, "report",
		"Returns rows. The filter syntax supports startsWith(name, 'A') and endsWith(name, 'z').",
		"Returns rows. Supports functions like dateAdd(date, days).",
		"Returns a job card. Internally the server calls closeJob(jobId) when the card is signed.",
		"Returns rows. Filter them, e.g. with startsWith(name, 'A').",
	)
}
