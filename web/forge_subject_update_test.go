package web

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestForgeLeverFlipRecomputesTheSubjectGroups: the subject groups'
// figures depend on the levers (deferred mode puts the tools a group adds
// behind search), so a lever flip (htmx, target #projection) sends them
// again out of band, as the same page loaded whole shows them. Unticking
// "deferred tools" used to leave "N more tools behind search, no token change" until
// a reload.
func TestForgeLeverFlipRecomputesTheSubjectGroups(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	figures := func(d *goquery.Document) map[string]string {
		out := map[string]string{}
		d.Find(`[data-testid^="subject-group-"]`).Each(func(_ int, g *goquery.Selection) {
			out[g.AttrOr("data-testid", "")] = strings.TrimSpace(g.Find(".delta").Text()) + " / " + g.AttrOr("data-delta", "") + " / " + g.AttrOr("data-dropped", "")
		})
		return out
	}
	_, deferred := c.get("/forge?s=1&agent=analyst&deferred=1&sg=contractors")
	_, whole := c.get("/forge?s=1&agent=analyst&sg=contractors")
	before, want := figures(deferred), figures(whole)
	if len(want) == 0 || strings.Join(mapValues(before), "|") == strings.Join(mapValues(want), "|") {
		t.Fatalf("deferred mode does not change the groups' figures here: %v, %v", before, want)
	}
	req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/forge?s=1&agent=analyst&sg=contractors", nil)
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Target", "projection")
	res, upd := c.do(req)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("lever flip: %d", res.StatusCode)
	}
	if upd.Find(`[data-testid="subject-picker"][hx-swap-oob="true"]`).Length() != 1 {
		t.Fatal("the lever flip does not send the subject groups out of band")
	}
	got := figures(upd)
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s after the flip: %q, the page loaded whole says %q", name, got[name], w)
		}
	}
}

// mapValues lists m's values in its keys' order.
func mapValues(m map[string]string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k])
	}
	return out
}
