package fidelity_test

import "testing"

// TestRecipientsAndStepsToYou: a personal verb with two objects gives the
// first a thing, so the first is a person ("text each shearer the pickup
// time"); a later sentence that opens on "you" and a deed is a step ("You
// email it to the client through SendGrid"); struck-out text teaches
// nothing.
func TestRecipientsAndStepsToYou(t *testing.T) {
	for _, text := range []string{
		"Returns the shearing gang roster. Text each shearer the pickup time the evening before.",
		"Collects events. When a ring event arrives, text the homeowner a photo of the porch.",
		"Exports a statement. ~~The tool emails it to the client.~~ You email it to the client through SendGrid.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Exports a statement. ~~You email it to the client.~~ The tool now emails it to the client itself.",
		"Exports a statement. ~~Email it to the client.~~ The tool now does that itself.",
		"Returns notes. Text the formatting the way you like.",
		"Lists files. You get a cursor back with each page.",
		"You email the statement to the client with this tool.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
