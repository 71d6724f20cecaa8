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
		"Returns a job card.\n\nClose the card with closeJob(jobId, signedOff=true).",
		"Returns the stock sheet. Order from the wholesale market with placeOrder(crates).",
		"Returns a treatment plan. Book the follow-up with scheduleReview(patientId, weeks=6).",
		"Returns today's sheet. Order more acetone with restockSupply(item).",
		"Returns a job card. If the job is done, close it with closeJob(jobId).",
		"Returns a job card. Then closeJob(jobId).",
		"Returns the paper rounds. Stop a customer's papers with pauseDelivery(house, until).",
		"Returns walks. Tell the owner the dog is home with markReturned(dogId).",
	)
	wantNoFindings(t, "report",
		"Returns rows. The filter syntax supports startsWith(name, 'A') and endsWith(name, 'z').",
		"Returns rows. Supports functions like dateAdd(date, days).",
		"Returns a job card. Internally the server calls closeJob(jobId) when the card is signed.",
		"Returns rows. Filter them, e.g. with startsWith(name, 'A').",
	)
}
