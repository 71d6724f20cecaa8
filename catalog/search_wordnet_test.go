package catalog_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// jobsRoster is a small catalog of another domain than the built-in one
// and GitHub, with no search hints: its tools say "start", "stop" and
// "bill", never "commence", "kick off", "halt" or "invoice".
func jobsRoster() []catalog.Contract {
	tool := func(id, title, purpose string, effects catalog.Effects) catalog.Contract {
		return catalog.Contract{ID: id, Title: title, Purpose: purpose, Class: catalog.ClassComputation, Effects: effects, Version: "1"}
	}
	return []catalog.Contract{
		// on equal scores roster order decides: the tools each task wants
		// come after the others
		tool("list_jobs", "List jobs", "Lists the scheduled jobs with their state.", catalog.EffectsReadOnly),
		tool("delete_job", "Delete job", "Deletes a job and its schedule.", catalog.EffectsWorkspaceWrite),
		tool("stop_job", "Stop job", "Stops a scheduled job now.", catalog.EffectsWorkspaceWrite),
		tool("start_job", "Start job", "Starts a scheduled job now.", catalog.EffectsWorkspaceWrite),
		tool("send_receipt", "Send receipt", "Sends a customer the receipt for an order.", catalog.EffectsWorkspaceWrite),
		tool("send_bill", "Send bill", "Sends a customer the bill for an order.", catalog.EffectsWorkspaceWrite),
	}
}

// Words that no tool of the roster uses reach the tools that use their
// lexicon relatives, collocations included ("kick off" is "commence",
// "start"); with the lexicon off the same tasks miss, so the test can
// fail.
func TestLexiconRelatesWordsNoToolUses(t *testing.T) {
	roster := jobsRoster()
	cases := map[string]string{
		"commence the nightly job":          "start_job",
		"kick off the nightly job":          "start_job",
		"halt the job":                      "stop_job",
		"invoice the customer for order 12": "send_bill",
	}
	for q, want := range cases {
		if hits := catalog.Search(q, roster, 3); len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: top hit %v, want %s", q, ids(hits), want)
		}
	}
	catalog.SetLexiconOff(true)
	defer catalog.SetLexiconOff(false)
	for q, want := range cases {
		if hits := catalog.Search(q, roster, 3); len(hits) > 0 && hits[0].ID == want {
			t.Errorf("%q finds %s without the lexicon: the case proves nothing", q, want)
		}
	}
}

// The lexicon adds relatives at less weight than the words typed: a task
// that names a tool's own word ranks it above a tool reached only through
// a relative.
func TestLexiconNeverOutweighsTheWordTyped(t *testing.T) {
	roster := jobsRoster()
	if hits := catalog.Search("delete the job", roster, 3); len(hits) == 0 || hits[0].ID != "delete_job" {
		t.Errorf("top hit %v, want delete_job", ids(hits))
	}
	if hits := catalog.Search("start the job", roster, 3); len(hits) == 0 || hits[0].ID != "start_job" {
		t.Errorf("top hit %v, want start_job", ids(hits))
	}
}
