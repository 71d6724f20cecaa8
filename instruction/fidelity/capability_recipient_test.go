package fidelity_test

import "testing"

// TestRecipientsAndStepsToYou: a personal verb with two objects gives the
// first a thing, so the first is a person ("text each picker the start
// time"); a later sentence that opens on "you" and a deed is a step ("You
// email it to the buyer through SendGrid"); struck-out text teaches
// nothing.
func TestRecipientsAndStepsToYou(t *testing.T) {
	for _, text := range []string{
		"Returns the picking crew rota. Text each picker the start time the night before.",
		"Gathers events. When a doorbell event comes in, text the homeowner a picture of the door.",
		"Exports a payslip. ~~This tool sends it to the worker.~~ You email it to the worker through SendGrid.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Exports a payslip. ~~You email it to the worker.~~ These days this tool emails the worker itself.",
		"Exports a payslip. ~~Email it to the worker.~~ The tool now does that itself.",
		"Returns notes. Text the formatting the way you like.",
		"Lists files. You get a cursor back with each page.",
		"You email the statement to the client with this tool.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
