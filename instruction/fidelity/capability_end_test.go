package fidelity_test

import "testing"

// TestTextsEndingOnAPersonAreChecked: a deed on a person that ends the
// text ("… page the developer", "Text the user") is read without looking
// past the last word (the check read the word after the person and
// panicked: a 500 on compose, the forge and the gateway), and a role that
// ends its sentence is the person the deed is done to (it was read as a
// person only with a word after it, so every such deed was missed).
func TestTextsEndingOnAPersonAreChecked(t *testing.T) {
	for _, verb := range []string{"page", "call", "ring", "ping", "text"} {
		for _, role := range []string{"user", "customer", "developer", "reviewer", "owner", "manager"} {
			for _, text := range []string{
				"Returns builds. If the build fails, " + verb + " the " + role,
				"Returns builds. " + verb + " the " + role,
				"Returns builds. " + verb + " " + role,
			} {
				if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
					t.Errorf("%q: no finding", text)
				}
			}
		}
	}
}
