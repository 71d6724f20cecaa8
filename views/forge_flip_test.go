package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestLeverDeltaSaysTheClickItCosts: a ticked "deferred tools" showed a
// red "+1,592": what unticking it would cost, read as what it costs now.
// Each lever's delta names the click it is the cost of (untick a ticked
// box, tick an unticked one, pick a radio not picked).
func TestLeverDeltaSaysTheClickItCosts(t *testing.T) {
	for _, c := range []struct {
		l    LeverView
		want string
	}{
		{LeverView{ID: "opt:deferred", On: true, Delta: Delta{Catalog: 1592, Total: 1592}}, "untick: 0 · 0 · +1,592 = +1,592"},
		{LeverView{ID: "tool:exec", Delta: Delta{Body: -4, Catalog: -30, Total: -34}}, "tick: −4 · 0 · −30 = −34"},
		{LeverView{ID: "tier:lean", Radio: true, Delta: Delta{Body: 1, Total: 1}}, "pick: +1 · 0 · 0 = +1"},
		{LeverView{ID: "tier:full", Radio: true, On: true}, "0 · 0 · 0 = 0"},
	} {
		var b bytes.Buffer
		if err := LeverState(c.l, false).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(doc.Find(".delta").Text()), " "); got != c.want {
			t.Errorf("%s (on %v): delta reads %q, want %q", c.l.ID, c.l.On, got, c.want)
		}
	}
}
