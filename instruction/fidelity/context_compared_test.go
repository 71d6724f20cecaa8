package fidelity_test

import "testing"

// TestASiblingNamedAsAComparisonTeachesNothing: a tool named only to
// compare this one with it or to say it is not the one to use — "similar
// to x_y", "the counterpart to x_y", "prefer this over x_y", "use this
// instead of x_y", "rather than x_y", "unlike x_y" — is no instruction to
// call it; the same name as the thing to call, use, or take a required
// value from is a finding when the roster lacks it.
func TestASiblingNamedAsAComparisonTeachesNothing(t *testing.T) {
	for _, text := range []string{
		"Lists running exports. Similar to list_import_jobs for imports.",
		"Records a refund to a customer. This is the payable counterpart to record_vendor_credit.",
		"Finds contacts by name. Prefer this over raw contact_query for lookups because it ranks the matches.",
		"Archives a board. Use this instead of delete_board when the board may be needed again.",
		"Returns a summary of the ledger, rather than export_full_ledger, which returns every entry.",
		"Pauses a campaign. Unlike stop_campaign, a paused campaign can be resumed.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Lists running exports. Use list_import_jobs for imports.",
		"Records a refund to a customer. Afterwards, call record_vendor_credit for the supplier's side.",
		"Finds contacts by name. Use contact_query instead of this tool for exact lookups.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}

// TestARequiredValuesSourceIsACall: a parameter that says its value is
// to be taken from a tool ("Board id, retrieved from list_boards") sends
// the agent to that tool; a default's source ("Defaults to the board set
// via select_board") asks nothing of it.
func TestARequiredValuesSourceIsACall(t *testing.T) {
	required := map[string]any{"type": "object", "properties": map[string]any{
		"board": map[string]any{"type": "string", "description": "Exact board id (e.g. 'b-1204') retrieved from 'list_boards' or given by the user."},
	}}
	if fs := checkImported(t, "board_cards", "Lists the cards of a board.", required); len(fs) == 0 {
		t.Errorf("a required value taken from a tool the roster lacks: want a finding, got none")
	}
	defaulted := map[string]any{"type": "object", "properties": map[string]any{
		"board": map[string]any{"type": "string", "description": "Board id. Defaults to the board set via select_board."},
	}}
	if fs := checkImported(t, "board_cards", "Lists the cards of a board.", defaulted); len(fs) > 0 {
		t.Errorf("a default's source: want no finding, got %s", describe(fs))
	}
}

// TestAVerbFirstNameWhereAValueComesFrom: a hyphenated name of a verb and
// its object where a deed or a value comes from ("via list-archives",
// "the purge-record tool") is a tool put to use; a compound such as
// "follow-up emails" or "via drop-down" is no name.
func TestAVerbFirstNameWhereAValueComesFrom(t *testing.T) {
	for _, text := range []string{
		"Lists boards. Closed boards can be reopened via the reopen-board tool.",
		"Lists boards. Find closed ones via list-archives with the closed flag.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Lists boards. Reminders are sent through follow-up emails by the board owner.",
		"Lists boards. The status is chosen via drop-down in the board's settings.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestPeopleWhoCall: "Coordinators call patients who …" is what people
// do; "call" after a person is their verb, naming no tool.
func TestPeopleWhoCall(t *testing.T) {
	for _, text := range []string{
		"Returns a visit plan. Coordinators call families who missed two visits.",
		"Returns open orders. The supplier calls dispatch when a truck leaves.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	if fs := capabilityCheck(t, "report", "Returns a visit plan. Afterwards call notify_families for the missed visits."); len(fs) == 0 {
		t.Errorf("want a finding, got none")
	}
}
