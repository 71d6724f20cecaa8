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
		{"Lists security alerts. The agent is expected to isolate any compromised laptop through CrowdStrike.", "service:crowdstrike"},
		{"Returns an order. Feel free to give the customer a quick ring if the parcel is late.", "paging"},
		{"Returns a recipe. You might want to add the missing ingredients to the household's Instacart basket.", "service:instacart"},
		{"Returns a vessel position. Later on, reroute it around the storm through the fleet-management console.", "service:fleet-management console"},
		{"Returns a cycle count. Following that, adjust the ledger and lock the period.", "action:lock"},
		{"Lists anomalies. Hand the list to the forecasting agent for root-cause analysis.", "tool:forecasting agent"},
		{"Returns a purchase order. It is expected to be faxed to the supplier.", "fax"},
		{"Returns a vehicle history. Be sure to book the next MOT at the nearest garage.", "action:book"},
		{"Returns usage. Heavy users appreciate it when you reach out over Intercom.", "service:intercom"},
		{"Returns a checklist with its completion percentage Hand the unfinished items to your planning sub-agent.", "tool:planning sub-agent"},
		{"Lists TLS certificates. Renew anything expiring this month with certbot.", "service:certbot"},
		{"Returns a discharge note. Dictated notes arrive as audio too — transcribe them with Whisper first.", "ocr"},
		{"Returns an abandoned cart. Nudge them with a push notification offering free shipping.", "push"},
		{"Returns accounts likely to churn. Draft a retention offer for each and queue it in your outbox.", "email"},
		{"Publishes a mock server. Share the public mock URL with the partner team over Slack Connect.", "chat"},
		{"Upserts records into an index. Compute embeddings with CLIP before upserting.", "service:clip"},
		{"Returns an insurance claim file. Translation of foreign-language notes into English is recommended before assessment.", "action:translate"},
		{"Lists vendor invoices. Payment of anything below 1,000 EUR can go straight through the SEPA batch.", "action:pay"},
		{"Returns rent charges. Arrears over two months warrant a formal letter.", "fax"},
		{"Returns stock levels. Replenishment should then be ordered from the supplier portal.", "service:supplier portal"},
		{"Returns soil moisture. Next, tell the irrigation controller to open valves.", "tool:irrigation controller"},
		// an obligation standing alone, and one shared by "and"
		{"Returns stock counts. Where a shelf is empty, a replenishment order should be raised, and then the buyer notified.", "action:raise"},
		{"Returns failed builds. After a fix, a hotfix tag should be pushed and a release drafted on GitHub.", "service:github"},
		{"Returns an expense claim. Once approved, it should be reimbursed by wire transfer.", "payments"},
		// a deed named as a noun or a gerund, declared a duty
		{"Returns overdue tasks. Escalating each one to the project sponsor is the next step.", "action:escalate"},
		{"Returns permits. Filing through the city's e-permit portal is the assistant's responsibility.", "service:city s e-permit portal"},
		{"Returns patient records. A reminder call to the patient would be appreciated.", "paging"},
		// the agent named in the third person, and its own abilities
		{"Returns product questions. The assistant normally answers each one on the Shopify storefront.", "service:shopify"},
		// seaborn is a Python library (codenames.go): charting with it runs code
		{"Returns sales figures. The agent would usually chart them with seaborn.", "code-execution"},
		{"Returns a podcast episode. The assistant's speech-to-text engine should caption it.", "tool:speech-to-text engine"},
		// an ability of the agent's named by what it does, after "your"
		{"Returns scanned invoices. Use your OCR to read the totals.", "tool:ocr"},
		{"Returns product photos. Use your image recognition to tag each one.", "tool:image recognition"},
		{"Returns suspicious domains. Enrich each one using your whois lookup.", "tool:whois lookup"},
		{"Returns duty rosters. Swaps belong in your reminders so nobody misses a shift.", "tool:reminders"},
		// a named step in the conditional, a politely asked channel, a
		// main clause after a fronted condition
		{"Returns a prescription. After the pharmacist signs, the next thing will be to message the patient through the portal.", "action:message"},
		{"Returns a tenancy. Kindly send the notice to the tenant by registered post.", "fax"},
		{"Lists delayed trains. For delays over an hour, text the affected subscribers a refund code.", "sms"},
		// comments, replies and votes; a voicemail left
		{"Returns app store reviews. Post a reply under each one-star review.", "social"},
		{"Returns forum threads. Upvote the answer that solved the problem.", "social"},
		{"Returns missed calls. Leave a voicemail for each caller with the new opening hours.", "paging"},
		// code as the means of a deed
		{"Returns sampled temperatures. The trend is best checked by a small script.", "code-execution"},
		{"Returns raw survey answers. Tally them through a quick program before reporting.", "code-execution"},
	}
	for _, tc := range leaks {
		fs := capabilityCheck(t, "report", tc.text)
		found := false
		for _, f := range fs {
			found = found || (f.Kind == fidelity.KindCapability || f.Kind == fidelity.KindExec) && f.Class == tc.class // code named where another kind does is reported as that kind
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
		{"Creates a domain. Returns DNS records that must be configured with your DNS provider.", nil},
		{"Lists pages. The endpoint paginates via a top-level `next` URL.", nil},
		{"Lists checks. Works like kill-switch flags.", nil},
		{"Adds a sub-issue. replace_parent: If true, reparent the sub-issue.", nil},
		{"Searches docs. If a question spans two concepts, make a separate call per concept.", nil},
		{"Scrapes a page. If available you should always default to using this tool.", nil},
		{"Reads pages. - OCR takes about one second per page.", nil},
		{"Crawls a site. Crawl responses can be very large.", nil},
		{"Searches. Query guidance (web monitors): queries control recall.", nil},
		{"Returns API versions. Read more about API versioning at https://example.com/versions.", nil},
		{"Returns payslips. Salaries are transferred by the bank at the end of the month.", nil},
		{"Returns a customer's health score. A check-in call from the account manager is customary after a drop.", nil},
		{"Returns audit findings. Remediation is the responsibility of the business owner.", nil},
		{"Returns patient notes. The assistant never contacts patients; the care team does.", nil},
		{"Returns a form. Kindly note that all fields are optional.", nil},
		{"Returns app store reviews. Post a reply under each one-star review.", []catalog.Contract{{ID: "acme.reply_to_review", Purpose: "Posts a reply to a review."}}},
		{"Returns a search. Your search history is kept for a week.", nil},
		{"Returns tickets. The assistant only reads them; replies are written by support staff.", nil},
		{"Returns a recipe. The script of the cooking show is attached for reference.", nil},
		// the roster judges by its tools' own words
		{"Returns teams. Record the team list in the knowledge graph you maintain for this user.", []catalog.Contract{{ID: "acme.memory_add", Purpose: "Adds facts to the persistent knowledge graph for this user."}}},
		{"Updates a flag. Before flipping it, get sign-off by posting the diff in the #releases channel on Teams.", []catalog.Contract{{ID: "acme.teams_post_message", Purpose: "Posts a message to a Microsoft Teams channel."}}},
		{"Returns notes. Jot the action items into the scratchpad you keep between conversations.", []catalog.Contract{{ID: "acme.memory_write", Purpose: "Stores a note that persists between conversations."}}},
		{"Returns temperature logs. Should any reading exceed 8°C, alert the pharmacist on duty by pager.", []catalog.Contract{{ID: "acme.send_page", Purpose: "Sends a pager alert to a named on-call person."}}},
		{"Returns DNS records. A quick traceroute to the A record will show where it is hosted.", []catalog.Contract{{ID: "acme.traceroute", Purpose: "Runs a traceroute to a host and returns the hops."}}},
		{"Lists topics, for topic IDs to use with other tools like send-email. Send the digest by email afterwards.", []catalog.Contract{{ID: "acme.send-email", Purpose: "**Purpose:** Send a single transactional email to one or more recipients."}}},
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

// TestNamesOfToolsNobodyHas: a name made of a verb and its object,
// hyphenated or camel-cased, called or pointed at, is a tool's name; a
// snake_case name is one also after "see" and "from".
func TestNamesOfToolsNobodyHas(t *testing.T) {
	for text, name := range map[string]string{
		"Upserts records. Call describe-index first to confirm that field name.":    "describe-index",
		"Lists topics, for topic IDs to use with other tools like send-email.":      "send-email",
		"Returns a member's points. Redemptions go through redeemPointsForVoucher.": "redeemPointsForVoucher",
		"Returns warranty terms. (For replacements see `open_rma_case`.)":           "open_rma_case",
		"Returns the bill of materials. Costs come from price_lookup_v2.":           "price_lookup_v2",
	} {
		fs := capabilityCheck(t, "report", text)
		found := false
		for _, f := range fs {
			found = found || f.Kind == fidelity.KindUnknown && f.Tool == name || f.Kind == fidelity.KindTool && f.Signal == name
		}
		if !found {
			t.Errorf("%q: want unknown-tool %s, got %v", text, name, fs)
		}
	}
}
