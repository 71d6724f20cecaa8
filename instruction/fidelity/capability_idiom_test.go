package fidelity_test

import "testing"

// TestClassWordsInOtherSenses: an acronym of a class used as a name's
// prefix ("SMS Emden", a ship) and "to hand" (within reach) ask for
// nothing; the same words as steps do.
func TestClassWordsInOtherSenses(t *testing.T) {
	for _, text := range []string{
		"Returns a fleet archive record: SMS Dresden, small cruiser, 1907.",
		"Returns a museum record. SMS Dresden and SMS Leipzig are listed with their crews.",
		"Returns the packing list. Keep the booking reference to hand at the desk.",
		"Returns tide times. Have a torch to hand when the walk starts after dusk.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns a booking. SMS the guest the door code.",
		"Returns a booking. Then SMS Reminders to every guest.",
		"Returns a signed lease. Remember to hand the keys to the tenant after signing.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}
