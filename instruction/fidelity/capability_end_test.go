package fidelity_test

import "testing"

// TestTextsEndingOnAPersonAreChecked: a deed on a person that ends the
// text ("… page the developer", "Text the user") is read without looking
// past the last word (the check read the word after the person and
// panicked: a 500 on compose, the forge and the gateway), and a role that
// ends its sentence is the person the deed is done to (it was read as a
// person only with a word after it, so every such deed was missed).
// Calling or pinging the user is speaking to the one the agent already
// speaks to: read without a finding.
func TestTextsEndingOnAPersonAreChecked(t *testing.T) {
	for _, verb := range []string{"page", "call", "ring", "ping", "text"} {
		for _, role := range []string{"user", "customer", "developer", "reviewer", "owner", "manager"} {
			for _, text := range []string{
				"Returns builds. If the build fails, " + verb + " the " + role,
				"Returns builds. " + verb + " the " + role,
				"Returns builds. " + verb + " " + role,
			} {
				fs := capabilityCheck(t, "report", text)
				if role == "user" && (verb == "call" || verb == "ping") {
					// the user is reached by the conversation
					// (TestTheUserIsReachedByTheConversation): read, and
					// no finding
					if len(fs) > 0 {
						t.Errorf("%q: want no finding, got %s", text, describe(fs))
					}
					continue
				}
				if len(fs) == 0 {
					t.Errorf("%q: no finding", text)
				}
			}
		}
	}
}
