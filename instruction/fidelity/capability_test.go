package fidelity_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// capabilityCheck checks a description as the entry of an imported tool
// (acme.<tool>) composed with read_file and any other tools given.
func capabilityCheck(t *testing.T, tool, text string, others ...catalog.Contract) []fidelity.Finding {
	t.Helper()
	_, w := loadCorpus(t)
	self := catalog.Contract{ID: "acme." + tool, Purpose: text}
	roster := append([]catalog.Contract{w.byID["read_file"], self}, others...)
	known := append(append([]catalog.Contract(nil), w.known...), roster[1:]...)
	return fidelity.New(known).Check(text, fidelity.NewScope(roster))
}

// wantFindings fails for each text that draws no finding as the
// description of the imported tool acme.<tool>.
func wantFindings(t *testing.T, tool string, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if fs := capabilityCheck(t, tool, text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}

// wantNoFindings fails for each text that draws a finding as the
// description of the imported tool acme.<tool>.
func wantNoFindings(t *testing.T, tool string, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if fs := capabilityCheck(t, tool, text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestInstructionsNeedTheirCapability: an instruction to the agent that
// needs a capability the roster lacks is a finding with its class, its
// phrase and a suggestion — services in prose, later steps, "your X", soft
// code-execution wording (the examples).
func TestInstructionsNeedTheirCapability(t *testing.T) {
	cases := []struct{ tool, text, class, phrase string }{
		{"get_invoice", "Fetches an invoice. Email it to the customer.", "email", "Email it"},
		{"summarize", "Summarizes an incident. Post the summary to the #ops Slack channel.", "chat", "Post the summary to the #ops Slack"},
		{"find_dupes", "Finds duplicates. Open a Jira ticket for each pair.", "ticket", "Open a Jira"},
		{"price", "Returns our price. Search the web for competitor prices.", "web-search", "Search the web"},
		{"ref", "Returns a reference. Browse to the URL to confirm it.", "browse", "Browse"},
		{"visits", "Lists visits. Send an SMS reminder to each patient.", "sms", "Send an SMS"},
		{"alert", "Returns an alert. If it is critical, page the on-call engineer.", "paging", "page the on-call"},
		{"notes", "Renders release notes. Publish them to the team wiki.", "publishing", "Publish them"},
		{"receipt", "Returns a scanned receipt. Run OCR on the image.", "ocr", "Run OCR"},
		{"product", "Returns a product. Generate an alternate image from its description.", "image-generation", "Generate an alternate image"},
		{"stale", "Lists stale branches. Next, create a follow-up task in the task tracker.", "ticket", "create a follow-up task"},
		{"review_pr", "Checks a pull request. Once done, approve and merge it.", "action:approve", "approve"},
		{"backups", "Lists snapshots, latest first. Then restore the latest one to the test database.", "database", "restore the latest one to the test database"},
		{"logs", "Returns log lines. Pipe them into your formatter.", "tool:formatter", "your formatter"},
		{"reviews", "Returns reviews. Let your sentiment classifier tag every review.", "tool:sentiment classifier", "your sentiment classifier"},
		{"prefs", "Returns settings. Keep them in your persistent memory.", "memory", "Keep them in your persistent memory"},
		{"cart", "Returns a cart. Use the calculator to add tax.", "tool:calculator", "the calculator"},
		{"sheet", "Returns cells. Evaluate each formula in the sandbox.", "code-execution", "Evaluate each formula in the sandbox"},
		{"template", "Returns a template. Eval the embedded expressions.", "code-execution", "Eval"},
		{"sensors", "Returns values. Run the numbers through a script.", "code-execution", "Run the numbers through a script"},
		{"hosts", "Returns hosts. Ping each one from your terminal.", "code-execution", "Ping each one from your terminal"},
		{"lead", "Scores a lead. You can then text the sales rep.", "sms", "text the sales rep"},
	}
	for _, tc := range cases {
		fs := capabilityCheck(t, tc.tool, tc.text)
		var got *fidelity.Finding
		for i := range fs {
			if fs[i].Kind == fidelity.KindCapability || fs[i].Class == tc.class {
				got = &fs[i]
				break
			}
		}
		if got == nil {
			t.Errorf("%q: no capability finding (%s)", tc.text, describe(fs))
			continue
		}
		if got.Class != tc.class || got.Kind == fidelity.KindCapability && got.Tool != tc.class {
			t.Errorf("%q: class %q (tool %q), want %q", tc.text, got.Class, got.Tool, tc.class)
		}
		if !strings.Contains(strings.ToLower(got.Signal), strings.ToLower(tc.phrase)) {
			t.Errorf("%q: phrase %q, want it to hold %q", tc.text, got.Signal, tc.phrase)
		}
		if !strings.Contains(got.Suggestion, got.Signal) || !strings.Contains(got.Suggestion, "connect a tool") {
			t.Errorf("%q: suggestion %q names neither the phrase nor a tool to connect", tc.text, got.Suggestion)
		}
		if got.Offset < 0 || got.Offset >= len(tc.text) || !strings.Contains(strings.ToLower(tc.text), strings.ToLower(got.Signal)) {
			t.Errorf("%q: offset %d or phrase %q not in the text", tc.text, got.Offset, got.Signal)
		}
	}
}

// TestARosterToolProvidesTheClass: the same instruction is no finding when
// a roster tool's own name or headline provides its class.
func TestARosterToolProvidesTheClass(t *testing.T) {
	cases := []struct {
		text     string
		provider catalog.Contract
	}{
		{"Fetches an invoice. Email it to the customer.", catalog.Contract{ID: "mail.send_email", Purpose: "Sends an email."}},
		{"Summarizes an incident. Post the summary to the #ops Slack channel.", catalog.Contract{ID: "slack.post_message", Purpose: "Posts a message to a channel."}},
		{"Returns our price. Search the web for competitor prices.", catalog.Contract{ID: "brave.web_search", Purpose: "Searches the web."}},
		{"Checks a pull request. Once done, approve and merge it.", catalog.Contract{ID: "git.approve_and_merge", Purpose: "Approves and merges a pull request."}},
		{"Returns log lines. Pipe them into your formatter.", catalog.Contract{ID: "fmt.format_logs", Purpose: "Formats log lines."}},
		{"Returns cells. Evaluate each formula in the sandbox.", catalog.Contract{ID: "exec", Purpose: "Runs code."}},
	}
	for _, tc := range cases {
		if fs := capabilityCheck(t, "x", tc.text, tc.provider); len(fs) != 0 {
			t.Errorf("%q with %s: %s", tc.text, tc.provider.ID, describe(fs))
		}
	}
}

// TestWhatIsNoInstruction: words in another sense, what the user or the
// tool itself does, a tool's own headline and parameters, and negations
// are not instructions that need a capability.
func TestWhatIsNoInstruction(t *testing.T) {
	cases := []struct{ tool, text string }{
		{"events", "Lists staff events, like the winter bash and the spring picnic."},
		{"companies", "Flags a shell company with no employees."},
		{"species", "Returns care notes, for example for the ball python."},
		{"inbound", "Lists messages the user sends to the support inbox."},
		{"send_email", "Send an email to one recipient."},
		{"post_message", "Posts a message in a Slack channel."},
		{"contact", "Returns the email address of a customer."},
		{"orders", "Searches orders. Page through results with the cursor."},
		{"patient", "Returns a visit summary. Do not email or share it outside the care team."},
		{"notes", "Returns notes. The user can post notes to the wiki from the app."},
		{"prefs", "Returns how a user wants to be notified: email, SMS or none."},
		{"ticket", "Creates a ticket. Assign it to a queue with the queue parameter."},
		{"slack_user", "Returns the Slack user id of an employee."},
	}
	for _, tc := range cases {
		if fs := capabilityCheck(t, tc.tool, tc.text); len(fs) != 0 {
			t.Errorf("%q: %s", tc.text, describe(fs))
		}
	}
}

// TestCheckContractBeforeReview: a candidate's own texts are checked
// against itself and its service's tools: "email it" is a need unless a
// tool of the service sends email; the code-execution wording carries its
// class.
func TestCheckContractBeforeReview(t *testing.T) {
	k := catalog.Contract{ID: "acme.get_invoice", Purpose: "Fetches an invoice. Email it to the customer, then run the totals through a Python script."}
	fs := fidelity.CheckContract(k, nil)
	classes := map[string]string{}
	for _, f := range fs {
		classes[f.Class] = f.Signal
		if f.Suggestion == "" {
			t.Errorf("%+v: no suggestion", f)
		}
	}
	if classes["email"] == "" || classes["code-execution"] == "" {
		t.Fatalf("got %s; want email and code-execution", describe(fs))
	}
	mail := catalog.Contract{ID: "acme.send_email", Purpose: "Sends an email."}
	runner := catalog.Contract{ID: "acme.run_script", Purpose: "Runs a Python script."}
	if fs := fidelity.CheckContract(k, []catalog.Contract{k, mail, runner}); len(fs) != 0 {
		t.Errorf("with the service's send_email and run_script: %s", describe(fs))
	}
}
