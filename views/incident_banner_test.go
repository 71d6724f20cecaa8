package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"
)

func renderDoc(t *testing.T, c templ.Component) *goquery.Document {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestIncidentBannersAreOneComponent: each admins' security banner
// (paused connections, suspended keys, exposures, secrets sent, masked
// alerts) renders through IncidentBanner: its test id and counted title,
// one line per incident with its name or actor, time and words (escaped),
// a resume form with the CSRF token only where an incident can be
// resumed, and nothing at all without incidents.
func TestIncidentBannersAreOneComponent(t *testing.T) {
	paused := renderDoc(t, PausedConnections([]PausedConnectionRow{{Name: "demo", Since: "t1", Why: "<b>held</b>"}}, "tok"))
	if b := paused.Find(`[data-testid="paused-connections"]`); b.Length() != 1 || !strings.Contains(b.Find("strong").First().Text(), "1 connection is paused.") {
		t.Errorf("paused banner: %q", paused.Text())
	}
	li := paused.Find(`[data-testid="paused-connection-demo"]`)
	if li.Find("strong").Text() != "demo" || !strings.Contains(li.Text(), "since t1: <b>held</b>") {
		t.Errorf("paused line: %q", li.Text())
	}
	if f := li.Find(`form[action="/connections/demo/resume"] input[name="_csrf"]`); f.AttrOr("value", "") != "tok" {
		t.Errorf("paused line has no resume form with the token")
	}
	keys := renderDoc(t, SuspendedKeys([]SuspendedKeyRow{{ID: 7, Name: "k"}, {ID: 8, Name: "l"}}, "tok"))
	if !strings.Contains(keys.Find(`[data-testid="suspended-keys"] > strong`).Text(), "2 runtime keys are suspended.") ||
		keys.Find(`[data-testid="suspended-key-8"] form[action="/apikeys/8/resume"]`).Length() != 1 {
		t.Errorf("suspended keys banner: %q", keys.Text())
	}
	inc := renderDoc(t, ConsoleSecretIncidents([]SecretIncidentRow{{Actor: "key:1", At: "t2", Why: "w"}}, []SecretIncidentRow{{Actor: "key:2", At: "t3", Why: "v"}, {Actor: "key:3"}}))
	if e := inc.Find(`[data-testid="secret-exposures"]`); !strings.Contains(e.Text(), "1 answer held") || !strings.Contains(e.Find("li").Text(), "key:1 at t2: w") || e.Find("form").Length() != 0 {
		t.Errorf("exposures banner: %q", e.Text())
	}
	if s := inc.Find(`[data-testid="secret-sent-key"]`); s.Length() != 2 || !strings.Contains(inc.Text(), "2 calls sent") {
		t.Errorf("secrets sent banner: %q", inc.Text())
	}
	masked := renderDoc(t, MaskedAlerts([]MaskedAlertRow{{Key: "key:4", At: "t4", Why: "x"}}))
	if m := masked.Find(`[data-testid="masked-alerts"]`); !strings.Contains(m.Text(), "1 alert in the past day") || !strings.Contains(m.Text(), "key:4 at t4: x") {
		t.Errorf("masked banner: %q", masked.Text())
	}
	for name, c := range map[string]templ.Component{"paused": PausedConnections(nil, "tok"), "keys": SuspendedKeys(nil, "tok"), "incidents": ConsoleSecretIncidents(nil, nil), "masked": MaskedAlerts(nil)} {
		if doc := renderDoc(t, c); doc.Find("div").Length() != 0 {
			t.Errorf("%s without incidents renders %q", name, doc.Text())
		}
	}
}
