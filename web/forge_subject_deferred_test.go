package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestForgeSubjectGroupFigureSaysWhatItMeans: in deferred mode the tools a
// group adds or removes are behind search, so its toggle may change the
// roster and not the text's tokens. Each group's figure then says what the
// toggle changes (tools, tokens, and that the tools are behind search),
// never a bare number; a toggle that changes nothing shows no figure.
func TestForgeSubjectGroupFigureSaysWhatItMeans(t *testing.T) {
	h := sqliteOnly(t)
	viewer := h.login("admin", adminPassword)
	bare := regexp.MustCompile(`^[+−-]?[0-9][0-9,]*$`)
	for _, q := range []string{"/forge?agent=analyst", "/forge?agent=analyst&deferred=1", "/forge?agent=analyst&deferred=1&sg=contractors"} {
		res, doc := viewer.get(q)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", q, res.StatusCode)
		}
		groups := doc.Find(`[data-testid^="subject-group-"]`)
		if groups.Length() == 0 {
			t.Fatalf("%s: no subject groups", q)
		}
		groups.Each(func(_ int, g *goquery.Selection) {
			name := g.AttrOr("data-testid", "")
			fig := strings.TrimSpace(g.Find(".delta").Text())
			delta, dropped := g.AttrOr("data-delta", ""), g.AttrOr("data-dropped", "")
			t.Logf("%s %s: delta %s dropped %s figure %q", q, name, delta, dropped, fig)
			switch {
			case dropped == "":
				t.Errorf("%s %s: no data-dropped: the tools the toggle changes are not stated", q, name)
			case bare.MatchString(fig):
				t.Errorf("%s %s: a bare figure %q says nothing of what it counts", q, name, fig)
			case delta == "0" && dropped == "0" && fig != "":
				t.Errorf("%s %s: a toggle that changes nothing shows %q", q, name, fig)
			case dropped != "0" && !strings.Contains(fig, "tool"):
				t.Errorf("%s %s: the toggle changes %s tools, the figure %q does not say so", q, name, dropped, fig)
			case delta == "0" && dropped != "0" && strings.Contains(q, "deferred=1") && !strings.Contains(fig, "behind search"):
				t.Errorf("%s %s: tools change, tokens do not, and %q does not say why", q, name, fig)
			}
		})
	}
}
