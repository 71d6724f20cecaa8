package fidelity_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestDirectivesByStructure: a deed asked for by the form of the sentence —
// a passive obligation naming where, a thing declared worth doing or to be
// received, a named step, a later step of any verb that acts outside the
// conversation — needs a tool that does it; the roster judges, through
// the tool's verbs and their relatives in the lexicon.
func TestDirectivesByStructure(t *testing.T) {
	leaks := []struct{ text, class string }{
		{"Returns a player's match history. Players suspected of cheating should be reported on the Discord moderation channel.", "chat"},
		{"Returns meter readings. Unusually high usage is worth a quick phone call to the customer.", "paging"},
		{"Returns a reservation. Guests arriving after midnight should get an SMS with the door code.", "sms"},
		{"Returns the onboarding checklist. Step two: provision their laptop account.", "action:provision"},
		{"Returns leaked API keys. The next thing to do is rotate each key.", "action:rotate"},
		{"Returns stock per warehouse. Afterwards, for any warehouse below the reorder point, place a purchase order with the default supplier.", "action:place"},
		{"Returns approved timesheets. Approved hours must be exported to the payroll system by Friday.", "service:payroll system"},
	}
	for _, tc := range leaks {
		fs := capabilityCheck(t, "report", tc.text)
		found := false
		for _, f := range fs {
			found = found || f.Kind == fidelity.KindCapability && f.Class == tc.class
		}
		if !found {
			t.Errorf("%q: want a capability finding of class %s, got %v", tc.text, tc.class, fs)
		}
	}
	innocent := []struct {
		text   string
		others []catalog.Contract
	}{
		{"Sends feedback on a search. Feedback must be submitted within two minutes of the search.", nil},
		{"Adds a block. The new block should be appended after the parent.", nil},
		{"Adds a review comment. A pending review needs to already exist to call this.", nil},
		{"Returns a recipe with its steps, e.g. 'first, preheat the oven; then bake for 25 minutes'.", nil},
		{"Lists new hires. Then provision an account for each of them.", []catalog.Contract{{ID: "acme.furnish_account", Purpose: "Furnishes an account for a new hire."}}},
		{"Returns a booking. If it is cancelled, rebook the traveller.", []catalog.Contract{{ID: "acme.book_flight", Purpose: "Books a flight for a traveller."}}},
	}
	for _, tc := range innocent {
		if fs := capabilityCheck(t, "report", tc.text, tc.others...); len(fs) > 0 {
			var got []string
			for _, f := range fs {
				got = append(got, f.Class+" via "+f.Signal)
			}
			t.Errorf("%q: want no finding, got %s", tc.text, strings.Join(got, "; "))
		}
	}
}
