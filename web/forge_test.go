package web

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

func num(t *testing.T, s string) int {
	t.Helper()
	s = strings.NewReplacer(",", "", "−", "-", "+", "").Replace(strings.TrimSpace(s))
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

func totals(t *testing.T, d *goquery.Document) [4]int {
	return [4]int{
		num(t, d.Find(`[data-testid="total-body"]`).Text()),
		num(t, d.Find(`[data-testid="total-protocol"]`).Text()),
		num(t, d.Find(`[data-testid="total-catalog"]`).Text()),
		num(t, d.Find(`[data-testid="total-total"]`).Text()),
	}
}

func leverDelta(t *testing.T, d *goquery.Document, id string) [4]int {
	s := d.Find(`[data-testid="lever-` + id + `"] .lever-state`)
	if s.Length() != 1 {
		t.Fatalf("no lever %s", id)
	}
	get := func(k string) int { v, _ := s.Attr("data-delta-" + k); return num(t, v) }
	return [4]int{get("body"), get("protocol"), get("catalog"), get("total")}
}

// TestForgeLeverDeltaIsWhatTheToggleDoes: the delta shown next to exec is
// exactly the change the toggle makes.
func TestForgeLeverDeltaIsWhatTheToggleDoes(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	res, d := c.get("/forge")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("forge: %d", res.StatusCode)
	}
	before := totals(t, d)
	delta := leverDelta(t, d, "tool:exec")
	if delta[0] >= 0 || delta[1] >= 0 || delta[2] >= 0 {
		t.Fatalf("exec delta %v: exec off must shrink body, protocol and catalog", delta)
	}
	if d.Find(`[data-testid="channels"]`).Text() != "4" {
		t.Fatalf("channels = %s", d.Find(`[data-testid="channels"]`).Text())
	}
	link, _ := d.Find(`[data-testid="share-link"]`).Attr("href")
	_, d2 := c.get("/forge?off=exec&tier=standard&form=full&enc=o200k_base")
	after := totals(t, d2)
	for i := range before {
		if after[i] != before[i]+delta[i] {
			t.Errorf("group %d: %d → %d, lever said %+d", i, before[i], after[i], delta[i])
		}
	}
	if d2.Find(`[data-testid="channels"]`).Text() != "3" || !strings.Contains(forgeFullText(d2), "3 channel types") {
		t.Error("exec-less forge does not show 3 channel types")
	}
	if strings.Contains(strings.ToLower(forgeFullText(d2)), "code channel") {
		t.Error("exec-less text teaches the code channel")
	}
	// the share link reproduces the state
	_, d3 := c.get(link)
	if totals(t, d3) != before {
		t.Errorf("share link %s gives %v, want %v", link, totals(t, d3), before)
	}
}

func TestForgeFormSubmissionWithoutJS(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	// the form posts checkboxes: only read_file and workspace_write, compact tier
	res, d := c.get("/forge?s=1&t=read_file&t=workspace_write&tier=compact&enc=cl100k_base")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("forge: %d", res.StatusCode)
	}
	// without JavaScript the full text is the plain-text link
	href, _ := d.Find(`[data-testid="full-text-link"]`).Attr("href")
	res, _ = c.get(href)
	raw, _ := io.ReadAll(res.Body)
	text := string(raw)
	if !strings.Contains(text, "### read_file") || strings.Contains(text, "### exec") || !strings.Contains(text, `<action tool="workspace_write">`) {
		t.Error("roster not honoured")
	}
	if text != forgeFullText(d) {
		t.Error("the plain-text full text is not the page's sections")
	}
	if d.Find(`input[name="tier"][value="compact"][checked]`).Length() != 1 || d.Find(`option[value="cl100k_base"][selected]`).Length() != 1 {
		t.Error("options not kept")
	}
}

func TestForgeFragmentAndURL(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	res, d := c.getHX("/forge?s=1&t=read_file&tier=standard&enc=o200k_base")
	if res.StatusCode != http.StatusOK || d.Find("header.top").Length() != 0 || d.Find("#forge").Length() != 1 {
		t.Fatal("htmx request did not get the fragment")
	}
	if u := res.Header.Get("HX-Replace-Url"); !strings.HasPrefix(u, "/forge?") || !strings.Contains(u, "on=read_file") {
		t.Errorf("HX-Replace-Url = %q", u)
	}
}

func TestForgeBadParamsNameTheField(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	for q, field := range map[string]string{"tier=huge": "tier", "form=tiny": "catalog_form", "enc=gpt2": "enc"} {
		res, d := c.get("/forge?" + q)
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(d.Find(`[data-testid="error"]`).Text(), field) {
			t.Errorf("%s: %d %q", q, res.StatusCode, d.Find(`[data-testid="error"]`).Text())
		}
	}
}

func TestForgeDeferredSearchPreview(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/forge?deferred=1&pins=read_file&tier=standard&form=full&enc=o200k_base")
	text := forgeFullText(d)
	if !strings.Contains(text, "### search_tools") || !strings.Contains(text, "### read_file") || strings.Contains(text, "### web_fetch") {
		t.Fatal("deferred catalog wrong")
	}
	state, _ := d.Find(`input[name="state"]`).Attr("value")
	_, hits := c.getHX("/forge/search?q=spreadsheet&state=" + urlQueryEscape(state))
	if !strings.Contains(hits.Text(), "read_spreadsheet") {
		t.Errorf("search preview: %q", hits.Text())
	}
}

func TestForgeFidelityWarnings(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/forge")
	if d.Find(`[data-testid="fidelity-ok"]`).Length() != 1 {
		t.Errorf("default forge has fidelity warnings: %s", d.Find(`[data-testid="fidelity-warnings"]`).Text())
	}
}

// TestForgeLeverUpdateIsOutOfBand: a lever change (htmx, target
// #projection) answers with the projection and every lever's state out of
// band, never the lever controls themselves, so focus and scroll stay.
func TestForgeLeverUpdateIsOutOfBand(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/forge?s=1&off=exec", nil)
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Target", "projection")
	res, d := c.do(req)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("update: %d", res.StatusCode)
	}
	if d.Find(`input[name="t"]`).Length() != 0 || d.Find(`[data-testid="forge-form"]`).Length() != 0 {
		t.Error("the update re-sends the lever controls")
	}
	if d.Find(`[data-testid="total-total"]`).Length() != 1 {
		t.Error("the update lacks the projection")
	}
	oob := d.Find(`.lever-state[hx-swap-oob="true"]`)
	if oob.Length() < 30 {
		t.Errorf("%d lever states out of band", oob.Length())
	}
	if exec := d.Find(`#ls-tool\:exec`); exec.Length() != 1 || exec.AttrOr("data-on", "none") != "none" {
		t.Error("exec's state is missing or still on")
	}
	if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "HX-Target") {
		t.Errorf("Vary: %q", vary)
	}
}
