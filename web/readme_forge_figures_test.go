package web

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// forgeFigure is a figure the README quotes from the forge: the page
// (a /forge URL on the demo data) and what its subject picker shows for
// a group ("contractors: 3 fewer tools, 981 fewer tokens").
// clickFigure is a forge delta written with the click it prices.
var clickFigure = regexp.MustCompile(`^\((?:tick|untick|pick): (.+)\)$`)

var forgeFigure = regexp.MustCompile("`(/forge\\?[^`]+)`[^`]{0,40}`([a-z][a-z0-9_-]*): ([^`]+)`")

// TestReadmeQuotesTheForgesFigures: every subject-picker figure the
// README quotes is what the forge shows, on the page the README names,
// for the demo data: the figures come from the real code, and the test
// fails when they drift.
func TestReadmeQuotesTheForgesFigures(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(b)), " ")
	quotes := forgeFigure.FindAllStringSubmatch(text, -1)
	if len(quotes) < 2 {
		t.Fatalf("the README quotes %d forge figures with their page, want the plain and the deferred one", len(quotes))
	}
	h := sqliteOnly(t)
	viewer := h.login("admin", adminPassword)
	for _, q := range quotes {
		page, group, want := q[1], q[2], q[3]
		res, doc := viewer.get(page)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", page, res.StatusCode)
		}
		got := strings.TrimSpace(doc.Find(`[data-testid="subject-group-` + group + `"] .delta`).Text())
		// the forge names the click a figure is the cost of: "(tick: …)"
		if m := clickFigure.FindStringSubmatch(got); m != nil {
			got = m[1]
		}
		if got != want {
			t.Errorf("the README quotes %s's %s as %q; the forge shows %q", page, group, want, got)
		}
	}
}
