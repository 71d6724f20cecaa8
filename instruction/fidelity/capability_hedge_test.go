package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestHedgedAndMovingDuties: a thing that ought to go somewhere ("a notice
// ought to go to the tenant", "a digest would ideally land in the team's
// inbox"), a deed worth doing ("may be worth posting … in #releases",
// "are worth forwarding to Sentry"), and a passive duty whose place stands
// after a particle or the thing given ("should be sent out for approval
// through DocuSign", "should be sent a letter through PostGrid") ask the
// agent to act; a value that goes in a part of a request, a deed not
// worth doing, and what is worth noting do not.
func TestHedgedAndMovingDuties(t *testing.T) {
	for _, text := range []string{
		"Returns evictions. If a hearing is set, a notice ought to go to the tenant the same day.",
		"Returns sprint notes. A digest would ideally land in the team's Outlook inbox every Friday.",
		"Returns a renewal list. After that, a quote should go out to each customer at the new rate.",
		"Returns a changelog. It may be worth posting the highlights in the #releases Slack channel.",
		"Returns crash reports. Stack traces are worth forwarding to Sentry for grouping.",
		"Returns a draft lease. Once agreed, the lease should be sent out for approval via DocuSign.",
		"Returns lapsed members. Each should be sent a renewal letter through PostGrid.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns logs. The token should go in the Authorization header.",
		"Returns logs. Requests should go to the EU region endpoint.",
		"Returns logs. It is worth noting that lines are truncated at 2 KB.",
		"Returns logs. Debug lines are not worth forwarding to anyone.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestGerundsHandedToTheAgent: a deed named by a gerund and handed to the
// agent — the subject of "is left to you", "is up to you", "is the next
// step", or a numbered step ("step two is ordering …") — needs its tool;
// a gerund the tool's caller or nobody is handed does not.
func TestGerundsHandedToTheAgent(t *testing.T) {
	for _, text := range []string{
		"Returns a release branch. Once the checks pass, tagging the release on GitHub is left to you.",
		"Returns a new starter's forms. Step one is reading the forms; step two is ordering a badge in ServiceNow.",
		"Returns an unpaid invoice. Sending a reminder to the customer is the next step.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns rows. Sorting is left to the caller.",
		"Returns a report. Choosing the right filter is the first step.",
		"Returns a dump. Reading it is up to you.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestLaterImperativesNeedTheirTool: a later sentence opened by a verb
// and its object ("Commit the result.", "Open the file and copy the lines
// first") asks for a step whose verb acts outside the conversation; not
// when the sentence names its means (a roster tool, a parameter, a system
// of the agent's), nor a verb of the conversation ("State the reason",
// "Draft the reply"), nor a noun that opens a parameter's description.
func TestLaterImperativesNeedTheirTool(t *testing.T) {
	for _, text := range []string{
		"Returns a formatted file. Commit the result.",
		"Returns the valve schedule. Close the valves of every dry zone.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns an incident. Close the incident with close_incident_acme when the graphs recover.",
		"Returns places. Anchor the search via the location parameter.",
		"Returns a ticket. State the reason for the change in one line.",
		"Returns a complaint. Draft the reply in a friendly tone.",
		"Returns shapes. Fill opacity (0-1) sets how solid each shape is.",
		"Starts a crawl. Poll every 20 seconds or so until it finishes.",
		"Creates a monitor. Expand the user's one-line intent into a clear goal.",
	} {
		if fs := capabilityCheck(t, "report", text, catalog.Contract{ID: "acme.close_incident_acme", Purpose: "Closes an incident."}); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestRoundFiveHardWordings: a sibling named as the way ("wipe_laptop is
// what the agent calls", "Its sibling, reopen_ticket, is how …", "by way
// of add_song_to_queue", "is the one to pick"), a deed that is part
// of a duty or the agent's job, the remaining steps, "it is recommended
// that you post …", and a lettered or numbered step after the first
// sentence ("(b) restore it to staging", "3) roll back the deploy") need
// their tools; a parameter's "(string, default 0): Custom timeout" is no
// numbered step.
func TestRoundFiveHardWordings(t *testing.T) {
	for _, text := range []string{
		"Returns a managed phone. For a stolen phone, wipe_phone_acme is what the agent calls.",
		"Returns a support case. Its sibling, reopen_case_acme, is how a shut case comes back.",
		"Returns a queue. Tracks get added by way of add_song_to_queue.",
		"Returns a client. For their bills, list_bills_by_client is the one to pick.",
		"Returns a pull request. When the checks pass, approving and then merging it are the steps left.",
		"Returns the café specials. It is advised that you tweet the soup of the day from the café account.",
		"Returns volume backups. (a) choose the latest; (b) load it into staging; (c) inform QA.",
		"Returns an alarm. 1) acknowledge 2) silence it for a day 3) revert the newest release",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"timeout": map[string]any{"type": "number", "default": 0, "description": "Custom timeout for the request in seconds"},
	}}
	if fs := checkImported(t, "fetch_page", "Fetches a page.", schema); len(fs) > 0 {
		t.Errorf("a parameter's default: want no finding, got %s", describe(fs))
	}
}

// TestGerundsHandedOnByTheirPredicate: a deed named by a gerund is handed
// to the agent by "is how the agent …", "is how you …", "is what … expects
// of you", and by a duty after a copula inside the gerund's own phrase
// ("phoning whoever is on duty via Aircall is the agent's job").
func TestGerundsHandedOnByTheirPredicate(t *testing.T) {
	for _, text := range []string{
		"Returns a shift gap. Phoning whoever is on duty via Aircall is the agent's job.",
		"Returns an overdue invoice. Emailing the debtor a reminder is how the assistant keeps accounts current.",
		"Returns a lab result. Faxing it to the referring clinic is what the practice manager expects of you.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns a shift gap. Texting whoever is on duty is done by the rota office.",
		"Returns an overdue invoice. Reading the ledger is how the assistant finds the debtor.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
