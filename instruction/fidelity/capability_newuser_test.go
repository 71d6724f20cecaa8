package fidelity_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestNewuserLeakMisses: what a new user's imports taught and the check
// missed — a product's screens as the place
// of a deed, even the tool's own product ("use Jira UI for attachments" in
// the published Jira server, whose tools work through the API); a verb
// the lexicon has only without its prefix ("Upscale the picture"); an
// object owned by the thing spoken of ("remove its background"); a third
// clause after ", and"; and a push notification, which is no SMS.
func TestNewuserLeakMisses(t *testing.T) {
	for _, tc := range []struct{ text, class string }{
		{"Creates a Jira issue. Attachments are not supported: use the Jira UI for attachments.", "service:jira ui"},
		{"Creates a Jira issue. Upload attachments in the Jira web interface.", "service:jira web interface"},
		{"Returns a product photo. Upscale the picture before listing it.", "action:upscale"},
		{"Returns a product photo. Remove its background.", "action:remove"},
		{"Returns a product photo. Upscale the picture and remove its background, and text the customer when it is done.", "sms"},
		{"Returns an order. When it ships, send the customer a push notification.", "push"},
	} {
		found := false
		fs := capabilityCheck(t, "report", tc.text)
		for _, f := range fs {
			found = found || f.Class == tc.class
		}
		if !found {
			t.Errorf("%q: want a finding of class %s, got %s", tc.text, tc.class, describe(fs))
		}
	}
	// a push tool sends pushes, not texts; a browser reaches the screens
	for _, tc := range []struct {
		text  string
		other catalog.Contract
	}{
		{"Returns an order. When it ships, send the customer a push notification.", catalog.Contract{ID: "acme.send_push", Purpose: "Sends a push notification to a customer's phone."}},
		{"Creates a Jira issue. For attachments, use the Jira UI.", catalog.Contract{ID: "acme.browse", Purpose: "Opens a web page in a browser and clicks through it."}},
	} {
		if fs := capabilityCheck(t, "report", tc.text, tc.other); len(fs) > 0 {
			t.Errorf("%q beside %s: want no finding, got %s", tc.text, tc.other.ID, describe(fs))
		}
	}
	if fs := capabilityCheck(t, "report", "Returns an order. When it ships, text the customer.", catalog.Contract{ID: "acme.send_push", Purpose: "Sends a push notification to a customer's phone."}); len(fs) == 0 {
		t.Error("a push tool provides SMS: want the text to the customer flagged")
	}
	// the published Jira server, imported whole: its jira_post tool
	// points at the Jira UI, which none of its API tools reaches
	raw, err := os.ReadFile(filepath.Join("..", "..", "catalog", "testdata", "published", "aashari-mcp-server-atlassian-jira@3.3.0.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, "jira")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	found := false
	for _, k := range cs {
		for _, f := range fidelity.CheckContract(k, cs) {
			found = found || f.Class == "service:jira ui"
		}
	}
	if !found {
		t.Error("the published Jira server: want the Jira UI flagged at import")
	}
}
