package fidelity_test

import "testing"

// TestSoftCodeWording: a later sentence that asks for code without a
// program noun or a running verb — a piece of code to write ("by writing
// a short routine that …", "means building a small solver"), code as the
// manner of a deed it allows ("may be unpacked programmatically", "redoing
// each sum yourself in code"), a programmer's verb ("eval these rules",
// "eval() the formula", "by scripting the conversions") — is code
// execution; the same words naming what a tool returns or does, or a
// function that is no object of writing, are not.
func TestSoftCodeWording(t *testing.T) {
	for _, text := range []string{
		"Returns raw test marks. Rescale them by writing a short routine that turns each mark into a band.",
		"Returns delivery windows per van. Planning the routes means building a small solver that assigns stops to vans.",
		"Returns firmware frames as hex. The fields may be unpacked programmatically with the layout in the header.",
		"Returns ledger cells and their formulas. Redoing every sum yourself in code gives the closing balances.",
		"Returns pricing rules written as expressions. It would help to eval the rules for every basket.",
		"Returns a lease plan with a JavaScript expression for the charge. eval() the expression to get this month's charge.",
		"Returns a unit table with conversion columns. Fill the metric column by scripting the conversions.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns a function's documentation: its name, signature and a short description.",
		"Returns the solver's status for a scheduling job. Writing a function summary is left to the editor.",
		"Creates a configuration. Useful for setting up model configurations programmatically.",
		"Returns lab values. The values were computed programmatically by the laboratory's own system.",
		"Returns the rules of a policy. The rules are defined in code by the platform team.",
		"Returns pull requests. Reviewers comment in code review threads.",
		"Returns the script the data team saved last week, as text.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestTheUserIsReachedByTheConversation: "call" or "ping" the user asks
// the agent to speak to the one it already speaks to; the same verbs on
// any other person, or the user reached through a channel, need a tool.
func TestTheUserIsReachedByTheConversation(t *testing.T) {
	for _, text := range []string{
		"Returns a report. Ping the user only when it is ready.",
		"Returns an export. Call the user back if the export failed.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns an export. Call the customer back if the export failed.",
		"Returns an export. If it failed, call the user by phone.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}

// TestCodeNamedByItsFileOrSize: a script file run ("by executing
// forecast.py"), a command put through ("Pipe them through `python3
// spot.py`"), code or a snippet as a small means ("with a little code",
// "with a quick snippet") and a text to a person by role ("text the voter
// a notice") need their tools; a short code on a receipt stays a value.
func TestCodeNamedByItsFileOrSize(t *testing.T) {
	for _, text := range []string{
		"Returns tide tables. Predict next week's tides by executing forecast.py with the tables as input.",
		"Returns badge logs. Pipe them through `python3 spot.py` to find shared badges.",
		"Returns a shoe chart. Turn the EU sizes into UK sizes with a little code.",
		"Returns daily sums. Reconcile the rows with a short snippet before you report.",
		"Returns refused applications. For a missing document, text the applicant a notice with the cutoff.",
		"Returns weights in mixed units. Converting them calls for a couple lines of code.",
		"Returns raw poll data. Cleaning it calls for a couple lines of Python.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns an order. A short code is printed on the receipt for the courier.",
		"Returns a coupon. Its terms fill a few lines of text.",
		"Returns scripts. Each file such as backup.py is listed with its size.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
